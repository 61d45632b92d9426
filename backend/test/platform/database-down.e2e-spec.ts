import request from 'supertest';
import { DataSource } from 'typeorm';
import { DocumentResponseCache } from '../../src/modules/catalogue/application/document-response.cache';
import { ServiceListCache } from '../../src/modules/catalogue/application/service-list.cache';
import { CountryListCache } from '../../src/modules/identity/adapters/http/country.controller';
import { PlanResponseCache } from '../../src/modules/plans/application/plan-response.cache';
import { createTestApp, type TestApp } from '../support/app';
import { CuttableProxy } from '../support/cuttable-proxy';
import { testDatabaseKinds } from '../support/database';

/**
 * The database goes away under a running app.
 * Real: the whole app over HTTP (fast lane, pipes, filters), its queue, and its database: an
 * in-memory PGlite that the spec closes, or (with DATABASE_URL) PostgreSQL reached through a TCP
 * proxy that the spec cuts (open connections dropped, new ones refused, as when the server stops)
 * and then restores. The shared PostgreSQL server itself is never touched.
 * Fake: the catalogue caches' clock (to expire their entries without waiting 30 s).
 */

describe.each(testDatabaseKinds())('database down (%s)', (kind) => {
  let t: TestApp;
  let proxy: CuttableProxy | null = null;
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const http = () => request(t.app.getHttpServer());
  const UNAVAILABLE = {
    success: false,
    message: 'The service is temporarily unavailable. Please try again in a moment.',
    error: 'unavailable',
  };

  /** The catalogue reads the shop serves from its caches, as the pages ask for them. */
  const reads: Array<[string, () => request.Test]> = [
    ['the services list', () => http().get('/api/services/getAll')],
    ['the home page list', () => http().get('/api/services/getAll?page=1&limit=4')],
    ['a pricing page plan (GET)', () => http().get('/api/plans/youtube')],
    ['a plan by name (POST)', () => http().post('/api/plan/getByName').send({ name: 'TikTok' })],
    ['a document', () => http().get('/api/documents/faqs')],
    ['the countries', () => http().get('/api/country/getall')],
  ];
  const warm = new Map<string, { text: string; etag: string }>();

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const url = new URL(process.env.DATABASE_URL as string);
      proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
      await proxy.open();
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      databaseUrl = url.toString();
    }
    t = await createTestApp({
      database: kind,
      databaseUrl,
      overrides: [
        { provide: ServiceListCache, useValue: new ServiceListCache({ now }) },
        { provide: PlanResponseCache, useValue: new PlanResponseCache({ now }) },
        { provide: DocumentResponseCache, useValue: new DocumentResponseCache({ maxEntries: 32, now }) },
        { provide: CountryListCache, useValue: new CountryListCache({ ttlMs: 60 * 60 * 1000, maxEntries: 1, now }) },
      ],
    });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    // Back up, so the app closes cleanly and its schema can be dropped.
    await proxy?.open();
    await t?.close();
    await proxy?.cut();
  });

  it('serves the catalogue while the database is up', async () => {
    expect((await http().get('/api/health').expect(200)).body.database).toEqual({ kind, ok: true });
    for (const [name, read] of reads) {
      const res = await read().expect(200);
      warm.set(name, { text: res.text, etag: res.headers.etag });
    }
  });

  it('goes down', async () => {
    // TypeORM prints each failed query to the console; the outage would flood the test output.
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    if (proxy) {
      await proxy.cut();
    } else {
      const pglite = (t.app.get(DataSource).options.extra as { pglite: { close(): Promise<void> } }).pglite;
      await pglite.close();
    }
    // Every cached entry is now past its time to live (the country list's is an hour).
    clock.now += 2 * 60 * 60 * 1000;
  });

  it('answers /api/health 503 with the database down, and no error text of the driver', async () => {
    const res = await http().get('/api/health').expect(503);
    expect(res.body).toMatchObject({ success: false, status: 'degraded', error: 'unavailable', database: { kind, ok: false } });
    expect(res.body.database).toEqual({ kind, ok: false });
    expect(res.text).not.toMatch(/ECONNREFUSED|terminated|closed|connect|5432|127\.0\.0\.1|postgres:\/\//i);
  });

  it('keeps serving the last good bytes of every cached catalogue read (stale if error)', async () => {
    for (const [name, read] of reads) {
      for (let i = 0; i < 2; i += 1) {
        const res = await read();
        expect({ name, status: res.status }).toEqual({ name, status: 200 });
        expect(res.text).toBe(warm.get(name)?.text);
        expect(res.headers.etag).toBe(warm.get(name)?.etag);
      }
    }
    // A client holding the bytes still gets its cheap 304.
    await http()
      .get('/api/services/getAll')
      .set('If-None-Match', warm.get('the services list')?.etag as string)
      .expect(304);
  });

  it.each([
    ['an uncached search', () => http().get('/api/services/getAll?search=tik')],
    ['an uncached plan', () => http().get('/api/plans/instagram')],
    ['an uncached document', () => http().get('/api/documents/privacy-policy')],
    ['a sign-in', () => http().post('/api/user/login').send({ email: 'ann@example.com', password: 'correct horse battery' })],
    ['an OTP request', () => http().post('/api/user/request-otp').send({ email: 'ann@example.com' })],
    [
      'a contact request',
      () =>
        http()
          .post('/api/contact/contact')
          .send({ user_name: 'Priya', user_email: 'p@example.com', serviceType: 'growth', platform: 'YouTube', message: 'Please call me back today.' }),
    ],
  ])('answers %s with 503 and Retry-After, never 500', async (_case, call) => {
    const res = await call();
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual(UNAVAILABLE);
  });

  if (kind === 'postgres') {
    it('comes back: fresh loads, health 200', async () => {
      await proxy?.open();
      // The pool notices the dead connections on their next use; a few calls may still fail with 503.
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i += 1) {
        status = (await http().get('/api/services/getAll?search=tik')).status;
        if (status !== 200) {
          expect(status).toBe(503);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(status).toBe(200);
      await http().get('/api/health').expect(200);
      const list = await http().get('/api/services/getAll').expect(200);
      expect(list.text).toBe(warm.get('the services list')?.text);
    });
  }
});
