// One autocannon run in its own process (so the load generator never shares an event loop with a
// server): a warm-up, then the measured run. Prints one JSON line with the figures.
//   node load.mjs '{"url":"http://127.0.0.1:3000/x","method":"GET","connections":50,"duration":10,"warmup":3}'
import autocannon from 'autocannon';

const config = JSON.parse(process.argv[2]);

function run(duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: config.url,
        method: config.method,
        headers: config.headers,
        body: config.body,
        connections: config.connections,
        duration,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

if (config.warmup > 0) await run(config.warmup);
const result = await run(config.duration);
const summary = {
  requestsPerSecond: result.requests.average,
  requestsTotal: result.requests.total,
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
  latencyMax: result.latency.max,
  ok2xx: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  bytesPerSecond: result.throughput.average,
  statusCodes: result.statusCodeStats,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
