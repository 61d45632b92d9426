import { Logger } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';

/** Real: the whole app over HTTP, its database (PGlite, or PostgreSQL with DATABASE_URL) and queue. */
describe('platform over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t?.close());

  it('reports database and queue state, and where the rate-limit counters live, on /api/health', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').expect(200);
    expect(res.body).toMatchObject({
      success: true,
      status: 'ok',
      database: { kind: t.config.database.kind, ok: true },
      queue: { kind: process.env.REDIS_URL ? 'bullmq' : 'in-process', ok: true },
      rateLimits: { store: process.env.REDIS_URL ? 'redis' : 'memory' },
    });
  });

  it('tells the shell where the remotes live', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/runtime-config').expect(200);
    expect(res.body).toEqual({
      success: true,
      remotes: {
        storefront: '/remotes/storefront/remoteEntry.js',
        account: '/remotes/account/remoteEntry.js',
        admin: '/remotes/admin/remoteEntry.js',
      },
      shopName: 'SocialGrowth',
      googleClientId: null,
      payments: { provider: 'sandbox', keyId: 'rzp_sandbox_local', sandbox: true },
    });
  });

  it('answers an unknown API path with a 404 envelope, not an HTML page', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ success: false, message: 'There is no GET /api/no-such-thing in this API.', error: 'not_found' });
  });

  it('answers a malformed JSON body with a 400 envelope', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/plan/getByName').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(res.body).toEqual({ success: false, message: 'The request body is not valid JSON.', error: 'invalid' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/api/plan/getByName')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }))
      .expect(413);
    expect(res.body).toMatchObject({ success: false, error: 'too_large' });
  });

  it('sends security headers and a request id, and no X-Powered-By', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toMatch(/.{8,}/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows cross-origin calls in development (CORS)', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').set('Origin', 'http://localhost:4200');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4200');
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(res.body.info.title).toBe('Growth storefront API');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/services/getAll', '/api/plan/getByName']));
    const ui = await request(t.app.getHttpServer()).get('/api/docs').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('names every request and answer shape once in the OpenAPI description (no two DTOs of one name)', () => {
    const warn = jest.spyOn(Logger, 'warn').mockImplementation(() => undefined);
    try {
      const document = SwaggerModule.createDocument(t.app, new DocumentBuilder().build());
      expect(Object.keys(document.components?.schemas ?? {})).toEqual(
        expect.arrayContaining(['ForgotPasswordRequest', 'AdminForgotPasswordRequest', 'AdminResetPasswordRequest']),
      );
      expect(warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('Duplicate DTO'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
