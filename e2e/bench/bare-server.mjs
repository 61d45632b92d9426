// The yardstick: a bare node:http server answering with the very bytes our server sent, from memory.
//   node bare-server.mjs <responses.json> <port> [headers]
// responses.json: [{ method, path, status, contentType, bodyBase64, headers }]
// With `headers`, every header our server sent is sent too (security headers, Vary, ETag, Cache-Control;
// a new X-Request-Id each time, as ours makes one): the same bytes on the wire, headers included.
// Without it, only Content-Type and Content-Length.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

const [file, port, mode] = process.argv.slice(2);
const withHeaders = mode === 'headers';
const routes = new Map(
  JSON.parse(fs.readFileSync(file, 'utf8')).map((r) => [
    `${r.method} ${r.path}`,
    {
      status: r.status,
      headers: withHeaders
        ? Object.entries(r.headers).flat()
        : { 'content-type': r.contentType, 'content-length': Buffer.byteLength(Buffer.from(r.bodyBase64, 'base64')) },
      body: Buffer.from(r.bodyBase64, 'base64'),
    },
  ]),
);

const server = http.createServer((req, res) => {
  const route = routes.get(`${req.method} ${req.url}`);
  // Read (and drop) any request body before answering, as a real server must.
  req.resume();
  req.on('end', () => {
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, withHeaders ? ['X-Request-Id', crypto.randomUUID(), ...route.headers] : route.headers);
    res.end(route.body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
