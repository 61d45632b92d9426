import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';
import { postPlanByName } from './support';

/**
 * POST /api/plan/getByName over HTTP.
 * Real: the whole app (pipes, filters, envelope), its database (PGlite, or PostgreSQL with
 * DATABASE_URL), migrations and seeds. Fake: nothing.
 */
describe('POST /api/plan/getByName', () => {
  let t: TestApp;
  const post = (body: unknown) => postPlanByName(t, body);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t?.close());

  it('returns the plan and its tiers by name, in the envelope', async () => {
    const res = await post({ name: 'YouTube' }).expect(200);
    expect(Object.keys(res.body)).toEqual(['success', 'planId', 'pricing', 'plan']);
    expect(res.body.success).toBe(true);
    expect(res.body.plan).toEqual({
      planId: res.body.planId,
      name: 'YouTube',
      slug: 'youtube',
      platform: 'YouTube',
      status: 'Active',
      currency: 'USD',
    });
    expect(res.body.pricing.map((tier: { name: string }) => tier.name)).toEqual(['Starter', 'Growth', 'Pro']);
    for (const tier of res.body.pricing) {
      expect(Object.keys(tier)).toEqual(['pricingId', 'name', 'price', 'description', 'features', 'isPopular', 'refillDays']);
      // No tier is mapped to a provider service here: no refill guarantee (docs/refill.md).
      expect(tier.refillDays).toBe(0);
      expect(tier.price).toMatch(/^\d+\.\d{2}$/);
      expect(Array.isArray(tier.features)).toBe(true);
    }
    expect(res.body.pricing.filter((tier: { isPopular: boolean }) => tier.isPopular)).toHaveLength(1);
    expect(res.body.pricing[0]).toMatchObject({ price: '19.99' });
  });

  it.each([
    ['youtube', 'youtube'],
    ['YOUTUBE', 'youtube'],
    ['  TikTok  ', 'tiktok'],
    ['x', 'x'],
    ['X', 'x'],
    ['linkedin', 'linkedin'],
    ['Facebook', 'facebook'],
  ])('finds %j by name or slug, ignoring case', async (name, slug) => {
    const res = await post({ name }).expect(200);
    expect(res.body.plan.slug).toBe(slug);
    expect(res.body.pricing).toHaveLength(3);
  });

  it('gives the same plan for the name and the slug', async () => {
    const byName = await post({ name: 'Instagram' }).expect(200);
    const bySlug = await post({ name: 'instagram' }).expect(200);
    expect(bySlug.body).toEqual(byName.body);
  });

  it('answers a repeated lookup with the same bytes, JSON headers and an ETag', async () => {
    const first = await post({ name: 'TikTok' }).expect(200);
    const again = await post({ name: ' tiktok ' }).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a POST with its body even when If-None-Match holds the current ETag (304 is for GET)', async () => {
    const first = await post({ name: 'Threads' }).expect(200);
    const again = await post({ name: 'Threads' }).set('If-None-Match', first.headers.etag).expect(200);
    expect(again.text).toBe(first.text);
    await post({ name: 'Threads' }).set('If-None-Match', '*').expect(200);
  });

  it('answers an unknown plan with 404 "Plan not found"', async () => {
    const res = await post({ name: 'Spotify' }).expect(404);
    expect(res.body).toEqual({ success: false, message: 'Plan not found', error: 'plan_not_found' });
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 42 }, 'name must be text'],
    [{ name: 'y'.repeat(101) }, 'name must be at most 100 characters'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await post(body).expect(400);
    expect(res.body).toEqual({ success: false, message, error: 'invalid' });
  });

  it('refuses a body that is not JSON with 400, never 500', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/plan/getByName').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(res.body.success).toBe(false);
  });
});
