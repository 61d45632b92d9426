import { connect } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { PlanResponseCache } from '../../src/modules/plans/application/plan-response.cache';
import { postPlanByName } from '../plans/support';
import { createTestApp, type TestApp } from '../support/app';
import { stableHeaders } from '../support/http';

/**
 * The fast lane's POST reads (platform/http/fast-lane.ts): a repeated POST /api/plan/getByName is
 * answered from the plans' response cache before Express and Nest, with the full stack's bytes and
 * headers; every body the lane does not answer reaches the full stack exactly as sent, so the body
 * parser, the validation pipe and the envelope judge it as before.
 * Real: the whole app over HTTP (supertest, and a raw socket for a body sent in two parts), its
 * database (PGlite, or PostgreSQL with DATABASE_URL). Fake: nothing.
 */
describe('POST reads in the fast lane (POST /api/plan/getByName)', () => {
  let t: TestApp;
  const post = (body: unknown) => postPlanByName(t, body);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t?.close());

  it('answers a repeated lookup from the cache ahead of Express, with the same bytes and headers as the full stack', async () => {
    const load = jest.spyOn(t.app.get(PlanResponseCache), 'getOrLoad');
    const first = await post({ name: 'Threads' }).expect(200);
    const second = await post({ name: 'threads' }).expect(200);
    const third = await post({ name: '  THREADS ' }).expect(200);
    // The first went through the controller (which filled the cache); the repeats were answered from it.
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRestore();
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // A POST read has no cached copy to revalidate: its ETag never turns it into a 304.
    await post({ name: 'threads' }).set('If-None-Match', first.headers.etag).expect(200);
  });

  it('hands every other body to the full stack as sent: its answers are the same with the cache warm', async () => {
    await post({ name: 'youtube' }).expect(200); // warm: the lane answers youtube from now on
    const load = jest.spyOn(t.app.get(PlanResponseCache), 'getOrLoad');
    // Another field (the validation pipe drops it): the controller answers, from the body's bytes.
    const extra = await post({ name: 'youtube', page: 2 }).expect(200);
    expect(extra.body.plan.slug).toBe('youtube');
    // A name not cached yet: the controller loads it.
    expect((await post({ name: 'Facebook' }).expect(200)).body.plan.slug).toBe('facebook');
    expect(load).toHaveBeenCalledTimes(2);
    load.mockRestore();
    // What the full stack refuses, it still refuses, with its own message.
    expect((await post({ name: 'you\u0000tube' }).expect(400)).body).toMatchObject({
      success: false,
      error: 'invalid',
      message: 'name must not contain control characters',
    });
    expect((await post({ name: 5 }).expect(400)).body.message).toBe('name must be text');
    expect((await post({ name: '   ' }).expect(400)).body.message).toBe('name is required');
    expect((await post({ name: 'y'.repeat(101) }).expect(400)).body.message).toBe('name must be at most 100 characters');
    expect((await post({ name: 'myspace' }).expect(404)).body).toMatchObject({ success: false, error: 'plan_not_found' });
    const broken = await request(t.app.getHttpServer()).post('/api/plan/getByName').set('Content-Type', 'application/json').send('{"name": "youtube"');
    expect([broken.status, broken.body.success]).toEqual([400, false]);
    // A cross-origin call gets its CORS headers from the full stack.
    const cors = await post({ name: 'youtube' }).set('Origin', 'https://shop.example').expect(200);
    expect(cors.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('waits for a body sent in two parts, and answers it from the cache or through the full stack', async () => {
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const raw = (body: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
          const head = text.indexOf('\r\n\r\n');
          const length = /content-length: (\d+)/i.exec(text)?.[1];
          if (head !== -1 && length && Buffer.byteLength(text.slice(head + 4)) >= Number(length)) {
            socket.end();
            resolve({ status: Number(text.slice(9, 12)), body: text.slice(head + 4) });
          }
        });
        socket.on('error', reject);
        const bytes = Buffer.from(body);
        socket.write(`POST /api/plan/getByName HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`);
        socket.write(bytes.subarray(0, 5));
        setTimeout(() => socket.write(bytes.subarray(5)), 100);
      });
    const cached = await raw('{"name":"youtube"}');
    expect(cached.status).toBe(200);
    expect(JSON.parse(cached.body).plan.slug).toBe('youtube');
    const throughStack = await raw('{"name":"youtube","extra":true}');
    expect(throughStack.status).toBe(200);
    expect(JSON.parse(throughStack.body).plan.slug).toBe('youtube');
    // A client that leaves halfway through its body: nothing is answered to it, and the next caller is served.
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /api/plan/getByName HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n{"name"');
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    expect((await post({ name: 'youtube' }).expect(200)).body.plan.slug).toBe('youtube');
  });
});
