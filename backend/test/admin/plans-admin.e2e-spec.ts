import request from 'supertest';
import { DataSource } from 'typeorm';
import { type AdminSession, appWithAdminAndCustomer } from '../support/admin-session';
import type { TestApp } from '../support/app';
import type { CustomerSession } from '../support/customer-session';
import type { TierOffer as Tier } from '../../src/kernel/purchased-tier';

interface AdminPlan {
  planId: string;
  name: string;
  slug: string;
  platform: string;
  status: string;
  currency: string;
  pricing: Tier[];
}

/** The admin's list, by name: the eight seeded plans and the two this spec creates. */
const BY_NAME = ['Facebook', 'Instagram', 'LinkedIn', 'Podcasts on Apple', 'Spotify', 'Telegram', 'Threads', 'TikTok', 'X', 'YouTube'];

/**
 * The admin's plan calls over HTTP: POST /plan/all, /getByPlanId, /create, /update, /deletePricing,
 * /deletePlan, and what the pricing page (GET /api/plans/:slug, POST /plan/getByName) and billing
 * (POST /payment/order) make of them.
 * Real: the whole app (guard, pipes, filters, envelope, the plans' fast path and response cache,
 * change events, audit log, billing's sandbox gateway), its database (PGlite, or PostgreSQL with
 * DATABASE_URL; Redis pub/sub for change events with REDIS_URL), migrations and seeds. Fake: nothing.
 */
describe('Admin: plans', () => {
  let t: TestApp, admin: AdminSession, customer: CustomerSession;

  beforeAll(async () => {
    ({ t, admin, customer } = await appWithAdminAndCustomer('plans-admin'));
  });

  afterAll(() => t?.close());

  const server = () => t.app.getHttpServer();
  const post = (path: string, body: object, token: string | null = admin.token) => {
    const req = request(server()).post(`/api/${path}`);
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body);
  };
  const pricingPage = (slug: string) => request(server()).get(`/api/plans/${slug}`);
  /** The tiers as the pricing page offers them: the admin's fields and each tier's refill guarantee (none here: no tier is mapped, docs/refill.md). */
  const offered = <T extends object>(tiers: T[]) => tiers.map((tier) => ({ ...tier, refillDays: 0 }));
  const planOf = async (planId: string): Promise<AdminPlan> => (await post('plan/getByPlanId', { planId }).expect(200)).body.plan;
  const planIdOf = async (slug: string): Promise<string> => (await pricingPage(slug).expect(200)).body.planId;
  const auditActions = async (entityId: string) =>
    (await t.app.get(DataSource).query('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at', [entityId])).map((row: { action: string }) => row.action);

  const SPOTIFY = {
    name: 'Spotify',
    status: 'Active',
    pricing: [
      { name: 'Starter', price: '9.9', description: 'First listeners.', features: [' 1,000 plays ', '', '  ', 'Playlist placement'], isPopular: false },
      { name: 'Growth', price: 24, description: 'Most chosen.', features: ['5,000 plays'], isPopular: true },
      { name: 'Pro', price: '59.99', description: 'For labels.', features: '10,000 plays\n\n 24/7 support ', isPopular: true },
    ],
  };

  describe('POST /plan/create', () => {
    let spotify: AdminPlan;

    it('creates a plan whose slug is the lower-cased platform; the pricing page serves it', async () => {
      await pricingPage('spotify').expect(404);
      const res = await post('plan/create', SPOTIFY).expect(201);
      spotify = res.body.plan;
      expect(res.body).toEqual({
        success: true,
        plan: {
          planId: expect.any(String),
          name: 'Spotify',
          slug: 'spotify',
          platform: 'Spotify',
          status: 'Active',
          currency: 'USD',
          pricing: [
            {
              pricingId: expect.any(String),
              name: 'Starter',
              price: '9.90',
              description: 'First listeners.',
              features: ['1,000 plays', 'Playlist placement'],
              isPopular: false,
            },
            { pricingId: expect.any(String), name: 'Growth', price: '24.00', description: 'Most chosen.', features: ['5,000 plays'], isPopular: true },
            { pricingId: expect.any(String), name: 'Pro', price: '59.99', description: 'For labels.', features: ['10,000 plays', '24/7 support'], isPopular: true },
          ],
        },
      });
      const page = await pricingPage('spotify').expect(200);
      expect(page.body.plan).toEqual({ planId: spotify.planId, name: 'Spotify', slug: 'spotify', platform: 'Spotify', status: 'Active', currency: 'USD' });
      expect(page.body.pricing).toEqual(offered(spotify.pricing));
      expect(await auditActions(spotify.planId)).toEqual(['plan.create']);
    });

    it('takes the platform apart from the name; one plan per platform (409)', async () => {
      const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined); // TypeORM logs the expected failure
      const res = await post('plan/create', { ...SPOTIFY, name: 'Spotify Premium', platform: ' spotify ' }).expect(409);
      quiet.mockRestore();
      expect(res.body).toEqual({ success: false, message: 'A plan for this platform exists already.', error: 'plan_exists' });
      const other = await post('plan/create', { ...SPOTIFY, name: 'Podcasts on Apple', platform: 'Apple Podcasts', status: 'Pending' }).expect(201);
      expect(other.body.plan).toMatchObject({ name: 'Podcasts on Apple', platform: 'Apple Podcasts', slug: 'apple-podcasts', status: 'Pending' });
      expect((await pricingPage('apple-podcasts').expect(200)).body.plan.status).toBe('Pending');
    });

    it.each([
      ['a price with three decimals', { pricing: [{ ...SPOTIFY.pricing[0], price: '19.999' }] }, 'price must be an amount above 0 with at most 2 decimals, e.g. 19.99'],
      ['a zero price', { pricing: [{ ...SPOTIFY.pricing[0], price: '0' }] }, 'price must be an amount above 0 with at most 2 decimals, e.g. 19.99'],
      ['a negative price', { pricing: [{ ...SPOTIFY.pricing[0], price: -5 }] }, 'price must be an amount above 0 with at most 2 decimals, e.g. 19.99'],
      ['no price', { pricing: [{ name: 'Starter' }] }, 'pricing.0.price is required'],
      ['features that are not texts', { pricing: [{ ...SPOTIFY.pricing[0], features: [1, 2] }] }, 'pricing.0.features must be a list of texts'],
      ['isPopular that is not a boolean', { pricing: [{ ...SPOTIFY.pricing[0], isPopular: 'yes' }] }, 'pricing.0.isPopular must be true or false'],
      ['no tiers', { pricing: [] }, 'At least one pricing tier is required.'],
      ['an unknown status', { status: 'Live' }, 'status must be Active, Inactive or Pending'],
      ['a blank name', { name: '  ' }, 'name is required'],
      ['a currency without minor units', { currency: 'JPY' }, 'currency must have minor units: JPY has none'],
      [
        'a currency the gateway does not take',
        { currency: 'ZZZ' },
        'currency must be one the payment gateway takes (ISO 4217, such as USD, EUR, INR or KWD): ZZZ is not',
      ],
    ])('refuses %s with 400', async (_label, change, message) => {
      const res = await post('plan/create', { ...SPOTIFY, platform: 'Deezer', ...change }).expect(400);
      expect(res.body).toEqual({ success: false, message, error: expect.any(String) });
    });
  });

  describe('POST /plan/all', () => {
    it('lists 10 per page by default, by name, with the number of tiers', async () => {
      const res = await post('plan/all', {}).expect(200);
      expect(res.body).toMatchObject({ success: true, page: 1, total: 10, pages: 1 });
      expect(res.body.plans.map((p: { name: string }) => p.name)).toEqual(BY_NAME);
      expect(res.body.plans[0]).toEqual({
        planId: expect.any(String),
        name: 'Facebook',
        slug: 'facebook',
        platform: 'Facebook',
        status: 'Active',
        currency: 'USD',
        tiers: 3,
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    });

    it('pages and searches name, slug and platform, ignoring case', async () => {
      const third = await post('plan/all', { page: 3, limit: 4 }).expect(200);
      expect(third.body).toMatchObject({ page: 3, total: 10, pages: 3 });
      expect(third.body.plans.map((p: { name: string }) => p.name)).toEqual(['X', 'YouTube']);
      const found = await post('plan/all', { search: 'TIK' }).expect(200);
      expect(found.body).toMatchObject({ total: 1, pages: 1, plans: [{ slug: 'tiktok' }] });
      expect((await post('plan/all', { search: 'apple-pod' }).expect(200)).body.plans.map((p: { name: string }) => p.name)).toEqual(['Podcasts on Apple']);
      expect((await post('plan/all', { search: '50%' }).expect(200)).body).toMatchObject({ total: 0, pages: 1, plans: [] });
      expect((await post('plan/all', { page: 99 }).expect(200)).body).toMatchObject({ total: 10, page: 99, plans: [] });
    });

    it.each([
      [{ page: 0 }, 'page must be a positive integer'],
      [{ limit: 500 }, 'limit must be at most 100'],
      [{ limit: 'ten' }, 'limit must be a positive integer'],
      [{ search: ['a'] }, 'search must be text'],
    ])('refuses %j with 400', async (body, message) => {
      expect((await post('plan/all', body).expect(400)).body).toMatchObject({ success: false, message });
    });
  });

  describe('edit, remove a tier, delete', () => {
    it('getByPlanId answers the plan with its tiers; an unknown id is 404', async () => {
      const planId = await planIdOf('youtube');
      const plan = await planOf(planId);
      expect(plan).toMatchObject({ planId, name: 'YouTube', slug: 'youtube', status: 'Active', currency: 'USD' });
      expect((await pricingPage('youtube').expect(200)).body.pricing).toEqual(offered(plan.pricing));
      const missing = await post('plan/getByPlanId', { planId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      expect(missing.body).toEqual({ success: false, message: 'Plan not found', error: 'plan_not_found' });
      expect((await post('plan/getByPlanId', { planId: 'youtube' }).expect(400)).body.message).toBe('planId must be a valid id');
    });

    it("edits a tier's price: the pricing page shows it at once (GET and POST /plan/getByName)", async () => {
      const planId = await planIdOf('youtube');
      const before = await pricingPage('youtube').expect(200); // cached, and served by the fast lane from now on
      await pricingPage('youtube').expect(200);
      const plan = await planOf(planId);
      const pricing = plan.pricing.map((tier, index) => (index === 1 ? { ...tier, price: '44.5' } : tier));
      const res = await post('plan/update', { planId, name: plan.name, status: plan.status, pricing }).expect(200);
      expect(res.body.plan.pricing[1]).toEqual({ ...plan.pricing[1], price: '44.50' });
      const after = await pricingPage('youtube').expect(200);
      expect(after.body.pricing[1].price).toBe('44.50');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const byName = await post('plan/getByName', { name: 'YouTube' }, null).expect(200);
      expect(byName.body.pricing[1].price).toBe('44.50');
      expect(await auditActions(planId)).toEqual(['plan.update']);
    });

    it('creates tiers sent without pricingId, keeps tiers not sent, and follows the order sent', async () => {
      const planId = await planIdOf('instagram');
      const [starter, growth, pro] = (await planOf(planId)).pricing;
      const res = await post('plan/update', {
        planId,
        name: 'Instagram',
        status: 'Active',
        pricing: [
          { pricingId: pro.pricingId, name: 'Pro Max', price: pro.price, description: pro.description, features: pro.features, isPopular: false },
          { name: 'Agency', price: '199', description: 'For agencies.', features: ['Everything', ' '], isPopular: false },
        ],
      }).expect(200);
      expect(res.body.plan.pricing.map((tier: Tier) => tier.name)).toEqual(['Pro Max', 'Agency', 'Starter', 'Growth']);
      expect(res.body.plan.pricing[1]).toMatchObject({ price: '199.00', features: ['Everything'] });
      expect(res.body.plan.pricing[2]).toEqual(starter);
      expect(res.body.plan.pricing[3]).toEqual(growth);
      expect((await pricingPage('instagram').expect(200)).body.pricing.map((tier: Tier) => tier.name)).toEqual(['Pro Max', 'Agency', 'Starter', 'Growth']);
    });

    it('refuses a pricingId of another plan, and an unknown plan', async () => {
      const planId = await planIdOf('threads');
      const foreign = (await planOf(await planIdOf('telegram'))).pricing[0];
      const res = await post('plan/update', { planId, name: 'Threads', status: 'Active', pricing: [foreign] }).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Pricing tier not found', error: 'pricing_not_found' });
      const unknown = await post('plan/update', { planId: '00000000-0000-4000-8000-000000000000', name: 'X', status: 'Active', pricing: [] }).expect(404);
      expect(unknown.body.message).toBe('Plan not found');
      expect((await planOf(planId)).pricing).toHaveLength(3);
    });

    it('deletePricing answers the plan without the tier; the pricing page follows; the last tier stays', async () => {
      const planId = await planIdOf('facebook');
      const [starter, growth, pro] = (await planOf(planId)).pricing;
      await pricingPage('facebook').expect(200);
      const res = await post('plan/deletePricing', { pricingId: growth.pricingId }).expect(200);
      expect(res.body).toEqual({ success: true, plan: expect.objectContaining({ planId, pricing: [starter, pro] }) });
      expect((await pricingPage('facebook').expect(200)).body.pricing).toEqual(offered([starter, pro]));
      await post('plan/deletePricing', { pricingId: growth.pricingId }).expect(404);
      await post('plan/deletePricing', { pricingId: starter.pricingId }).expect(200);
      const last = await post('plan/deletePricing', { pricingId: pro.pricingId }).expect(409);
      expect(last.body).toMatchObject({ success: false, error: 'last_pricing_tier' });
      expect(await auditActions(growth.pricingId)).toEqual(['pricing.delete']);
    });

    it('deletePlan removes the plan; its pricing page is gone, so is its order', async () => {
      const planId = await planIdOf('spotify');
      const tier = (await planOf(planId)).pricing[0];
      await pricingPage('spotify').expect(200);
      expect((await post('plan/deletePlan', { planId }).expect(200)).body).toEqual({ success: true });
      await pricingPage('spotify').expect(404);
      await post('plan/getByPlanId', { planId }).expect(404);
      await post('plan/deletePlan', { planId }).expect(404);
      const order = await post(
        'payment/order',
        { userId: customer.userId, planId, pricingId: tier.pricingId, profileLink: 'https://open.spotify.com/artist/1' },
        customer.token,
      );
      expect(order.status).toBe(404);
      expect(await auditActions(planId)).toEqual(['plan.create', 'plan.delete']);
    });
  });

  describe('an Inactive or Pending plan', () => {
    it('is still shown with its status, and billing refuses to sell it (409) until it is Active again', async () => {
      const planId = await planIdOf('linkedin');
      const plan = await planOf(planId);
      const order = () =>
        post('payment/order', { userId: customer.userId, planId, pricingId: plan.pricing[0].pricingId, profileLink: 'https://www.linkedin.com/in/ann' }, customer.token);
      await order().expect(200);
      for (const status of ['Inactive', 'Pending']) {
        await post('plan/update', { planId, name: plan.name, status, pricing: [] }).expect(200);
        const page = await pricingPage('linkedin').expect(200);
        expect(page.body.plan.status).toBe(status);
        expect(page.body.pricing).toHaveLength(3);
        expect((await post('plan/getByName', { name: 'linkedin' }, null).expect(200)).body.plan.status).toBe(status);
        const refused = await order().expect(409);
        expect(refused.body).toMatchObject({ success: false, message: 'LinkedIn packages are not on sale right now.', error: 'plan_not_on_sale' });
      }
      await post('plan/update', { planId, name: plan.name, status: 'Active', pricing: [] }).expect(200);
      await order().expect(200);
    });
  });

  describe('who may call', () => {
    const calls: Array<[string, object]> = [
      ['plan/all', {}],
      ['plan/getByPlanId', { planId: '00000000-0000-4000-8000-000000000000' }],
      ['plan/create', { ...SPOTIFY, platform: 'Intruder' }],
      ['plan/update', { planId: '00000000-0000-4000-8000-000000000000', name: 'X', status: 'Inactive', pricing: [] }],
      ['plan/deletePricing', { pricingId: '00000000-0000-4000-8000-000000000000' }],
      ['plan/deletePlan', { planId: '00000000-0000-4000-8000-000000000000' }],
    ];

    it.each(calls)('%s: a customer gets 403, a visitor 401', async (path, body) => {
      expect((await post(path, body, customer.token).expect(403)).body).toMatchObject({ success: false, error: 'forbidden' });
      expect((await post(path, body, null).expect(401)).body).toMatchObject({ success: false });
    });

    it('nothing was created by them', async () => {
      await pricingPage('intruder').expect(404);
    });
  });
});
