import { createServer } from 'node:http';
import { applyHttpTimeouts, TIMEOUT_CHECK_EVERY_MS } from './http-timeouts';

describe('applyHttpTimeouts', () => {
  it('sets the head, request and keep-alive timeouts, and checks them every second instead of every 30 s', () => {
    const server = createServer();
    // Node's defaults: 60 s, 300 s, 5 s, checked every 30 s.
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([60_000, 300_000, 5_000]);
    applyHttpTimeouts(server, { headersMs: 10_000, requestMs: 20_000, keepAliveMs: 5_000 });
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([10_000, 20_000, 5_000]);
    expect((server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(TIMEOUT_CHECK_EVERY_MS);
  });

  it('checks at least as often as the head timeout', () => {
    const server = createServer();
    applyHttpTimeouts(server, { headersMs: 500, requestMs: 1_000, keepAliveMs: 1_000 });
    expect((server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(500);
  });
});
