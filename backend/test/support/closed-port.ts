import { createServer } from 'node:net';

/** A 127.0.0.1 port nobody listens on (it was free a moment ago): where a call finds no server. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
