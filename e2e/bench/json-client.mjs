// What the bench parts that call the API share: a timed JSON client and percentiles.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
}

/**
 * A JSON client over one keep-alive agent of `maxSockets`; `call` answers status, parsed body, text
 * and milliseconds (start to last byte) and never throws (a network error is status 0); `must`
 * stops the bench when a setup call does not answer `expected`.
 */
export function jsonClient(baseUrl, { maxSockets = 1 } = {}) {
  // A socket timeout lets the agent apply the server's `Keep-Alive: timeout=5` hint (it drops idle
  // sockets a second early); without one it would reuse a socket the server is closing (ECONNRESET).
  // On a busy call the timeout only emits 'timeout', which nothing here listens to.
  const agent = new http.Agent({ keepAlive: true, maxSockets, timeout: 60_000 });
  function call(method, urlPath, body, token) {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { accept: 'application/json' };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
    if (token) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve) => {
      const started = performance.now();
      const failed = (error) => resolve({ status: 0, json: null, text: error.message, ms: performance.now() - started });
      const req = http.request(new URL(urlPath, baseUrl), { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON: keep the text for the error line */
          }
          resolve({ status: res.statusCode, json, text, ms });
        });
        res.on('error', failed);
      });
      req.on('error', failed);
      req.end(payload);
    });
  }
  async function must(expected, method, urlPath, body, token) {
    const answer = await call(method, urlPath, body, token);
    if (answer.status !== expected) throw new Error(`${method} ${urlPath} answered ${answer.status} (wanted ${expected}): ${answer.text.slice(0, 300)}`);
    return answer.json;
  }
  return { call, must, close: () => agent.destroy() };
}
