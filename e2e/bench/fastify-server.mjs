// The framework yardstick: Fastify 5 answering with the very bytes and headers our server sent, from
// memory (a fresh X-Request-Id each time, as ours makes one).
//   node fastify-server.mjs <responses.json> <port>
// responses.json: as for bare-server.mjs. Fastify's own defaults otherwise (no logger, its JSON body
// parser on a POST, its router), so the figure is what the fastest common Node framework costs for
// the same answer.
import crypto from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const routes = new Map(
  JSON.parse(fs.readFileSync(file, 'utf8')).map((r) => [`${r.method} ${r.path}`, { status: r.status, headers: r.headers, body: Buffer.from(r.bodyBase64, 'base64') }]),
);

const app = Fastify({ logger: false, keepAliveTimeout: 65_000 });
const paths = new Map();
for (const key of routes.keys()) {
  const [method, url] = key.split(' ');
  const path = url.split('?')[0];
  paths.set(`${method} ${path}`, { method, path });
}
for (const { method, path } of paths.values()) {
  app.route({
    method,
    url: path,
    handler: (req, reply) => {
      const route = routes.get(`${req.method} ${req.url}`);
      if (!route) return reply.code(404).send();
      reply.code(route.status).header('X-Request-Id', crypto.randomUUID()).headers(route.headers);
      return reply.send(route.body);
    },
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write(`listening ${port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
