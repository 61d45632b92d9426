import request from 'supertest';
import { PlanResponseCache } from '../../src/modules/plans/application/plan-response.cache';
import { createTestApp, type TestApp } from '../support/app';
import { stableHeaders } from '../support/http';
import { postPlanByName } from './support';

/**
 * GET /api/plans/{name} over HTTP: the pricing page's plan as a cacheable GET.
 * Real: the whole app (middleware, pipes, filters, envelope, the plans fast path), its database
 * (PGlite, or PostgreSQL with DATABASE_URL), migrations and seeds. Fake: nothing.
 */
describe('GET /api/plans/{name}', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer()).get(`/api/plans/${path}`);
  const post = (name: string) => postPlanByName(t, { name });

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t?.close());

  it('answers exactly the bytes of POST /plan/getByName, in the envelope, with an ETag', async () => {
    const byGet = await get('youtube').expect(200);
    const byPost = await post('YouTube').expect(200);
    expect(byGet.text).toBe(byPost.text);
    expect(byGet.headers.etag).toBe(byPost.headers.etag);
    expect(Object.keys(byGet.body)).toEqual(['success', 'planId', 'pricing', 'plan']);
    expect(byGet.body.plan).toMatchObject({ name: 'YouTube', slug: 'youtube', currency: 'USD' });
    expect(byGet.body.pricing).toHaveLength(3);
    expect(byGet.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(byGet.headers['content-length']).toBe(String(Buffer.byteLength(byGet.text)));
    expect(byGet.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(byGet.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['instagram', 'instagram'],
    ['Instagram', 'instagram'],
    ['LINKEDIN', 'linkedin'],
    ['%20TikTok%20', 'tiktok'],
    ['x', 'x'],
  ])('finds %s by name or slug, ignoring case and surrounding spaces', async (path, slug) => {
    const res = await get(path).expect(200);
    expect(res.body.plan.slug).toBe(slug);
  });

  it('answers a repeated request (served ahead of Express) with the same bytes and headers', async () => {
    // Only the controller loads through the cache (getOrLoad); the fast lane peeks.
    const loads = jest.spyOn(t.app.get(PlanResponseCache), 'getOrLoad');
    const first = await get('threads').expect(200);
    const second = await get('threads').expect(200);
    const third = await get('Threads').expect(200);
    // The repeats were answered by the fast lane from the cache, the other spelling too.
    expect(loads).toHaveBeenCalledTimes(1);
    loads.mockRestore();
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(stableHeaders(third.headers)).toEqual(stableHeaders(first.headers));
    // Security headers are the full stack's, on the hit as on the miss.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('answers 304 Not Modified to a client holding the current ETag', async () => {
    const res = await get('telegram').expect(200);
    const again = await get('telegram').set('If-None-Match', res.headers.etag).expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    await get('telegram').set('If-None-Match', `W/${res.headers.etag}`).expect(304);
    await get('telegram').set('If-None-Match', '"something-else"').expect(200);
    // An ETag learnt from the POST revalidates the GET: one body, one tag.
    const byPost = await post('Facebook').expect(200);
    await get('facebook').set('If-None-Match', byPost.headers.etag).expect(304);
  });

  it('answers 304 through the full stack too, when the cache was emptied (the bytes are the same)', async () => {
    const res = await get('linkedin').expect(200);
    t.app.get(PlanResponseCache).invalidate();
    await get('linkedin').set('If-None-Match', res.headers.etag).expect(304);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const res = await get('youtube').expect(200);
    const head = await request(t.app.getHttpServer()).head('/api/plans/youtube').expect(200);
    expect(head.headers.etag).toBe(res.headers.etag);
    expect(head.text).toBeUndefined();
  });

  it('answers an unknown plan with 404 "Plan not found", each time', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await get('spotify').expect(404);
      expect(res.body).toEqual({ success: false, message: 'Plan not found', error: 'plan_not_found' });
    }
  });

  it('finds no plan under a name with an escaped slash (one path segment, decoded)', async () => {
    const res = await get('you%2Ftube').expect(404);
    expect(res.body.message).toBe('Plan not found');
  });

  it.each([
    ['%20%20', 'name is required'],
    ['y'.repeat(101), 'name must be at most 100 characters'],
    [`%20${'y'.repeat(101)}%20`, 'name must be at most 100 characters'],
  ])('refuses %s with 400 naming the field, also once plans are cached', async (path, message) => {
    await get('youtube').expect(200); // warm the cache and the fast path
    const res = await get(path).expect(400);
    expect(res.body).toEqual({ success: false, message, error: 'invalid' });
  });

  it('looks up a name of exactly 100 characters (404 for this one, not 400)', async () => {
    await get(`%20${'y'.repeat(100)}%20`).expect(404);
  });

  it('refuses a malformed escape with 400 in the envelope, never 500', async () => {
    const res = await get('%E0%A4%A').expect(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
  });

  it('is described in the OpenAPI document with its path parameter', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/docs-json').expect(200);
    const operation = res.body.paths['/api/plans/{name}']?.get;
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'name', in: 'path', required: true })]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '404']));
  });

  it('has no route without a name', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/plans/').expect(404);
    expect(res.body.success).toBe(false);
  });
});
