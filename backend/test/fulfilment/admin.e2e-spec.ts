import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import { FulfilmentLedger } from '../../src/modules/fulfilment/application/fulfilment-ledger.port';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';
import { planOf, type PlanTiers } from '../billing/support';
import { asAdmin, buy, panelEnv, startPanel, syncNow, taskOf, type ProviderPanelUnderTest } from './support';

/**
 * The admin's fulfilment routes (docs/fulfilment.md) over HTTP: the provider card (balance, low-balance
 * warning), the provider's services, tier mappings (checked against those services), and the sync
 * pass in batches of 100; then the same routes with the manual panel (the default).
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), its queue (BullMQ with
 * REDIS_URL), the api-v2 adapter and the API v2 stand-in over HTTP behind a TCP proxy the spec cuts.
 * Arranged through subscriptions' own facades (RecordPurchaseUseCase, FulfilmentLedger): the 250
 * open orders of the batch case. Fake: nothing.
 */
describe('Fulfilment admin routes (api-v2 panel)', () => {
  let panel: ProviderPanelUnderTest;
  let t: TestApp;
  let admin: ReturnType<typeof asAdmin>;
  let youtube: PlanTiers;

  beforeAll(async () => {
    panel = await startPanel();
    t = await createTestApp({ env: panelEnv(panel, { PROVIDER_BALANCE_WARNING: '25.50' }) });
    admin = asAdmin(t, (await adminToken(t)).token);
    youtube = await planOf(t, 'youtube');
  });

  afterAll(async () => {
    await t?.close();
    await panel?.close();
  });

  /** Runs `work` with the provider unreachable (connections refused), then brings it back. */
  async function withProviderDown(work: () => Promise<void>) {
    await panel.proxy.cut();
    try {
      await work();
    } finally {
      await panel.proxy.open();
    }
  }

  describe('GET /admin/fulfilment/provider', () => {
    it('shows the balance, the warning threshold, and whether the balance is below it (exact decimals)', async () => {
      panel.standIn.account.balance = '123.4500';
      expect((await admin.get('/api/admin/fulfilment/provider').expect(200)).body).toEqual({
        success: true,
        provider: 'api-v2',
        balance: '123.4500',
        currency: 'USD',
        threshold: '25.50',
        low: false,
        refill: 'unknown',
        refillMessage: null,
      });
      panel.standIn.account.balance = '25.4999';
      expect((await admin.get('/api/admin/fulfilment/provider').expect(200)).body).toMatchObject({ balance: '25.4999', low: true });
      panel.standIn.account.balance = '25.5';
      expect((await admin.get('/api/admin/fulfilment/provider').expect(200)).body).toMatchObject({ balance: '25.5', low: false });
    });

    it("feeds the reports Overview's low balance with the panel's balance (the module offers its provider overview)", async () => {
      const overview = async () => (await admin.post('/api/admin/overview', { from: '2026-01-10', to: '2026-01-10' }).expect(200)).body.attention.lowBalance;
      panel.standIn.account.balance = '4.20';
      expect(await overview()).toEqual({ status: 'low', balance: '4.20', currency: 'USD', threshold: '25.50', message: null, link: '/admin/dashboard' });
      panel.standIn.account.balance = '123.4500';
      expect(await overview()).toMatchObject({ status: 'ok', balance: '123.4500' });
    });

    it('answers 502 with what went wrong when the provider does not answer or refuses', async () => {
      await withProviderDown(async () => {
        const res = await admin.get('/api/admin/fulfilment/provider').expect(502);
        expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/^The provider panel did not answer: .+/) });
      });
      panel.standIn.script('balance', { error: 'Invalid API key' });
      expect((await admin.get('/api/admin/fulfilment/provider').expect(502)).body.message).toBe('The provider panel did not answer: Invalid API key');
    });
  });

  describe('GET /admin/fulfilment/services', () => {
    it("lists the provider's services with rate, min and max as the plan editor shows them", async () => {
      const res = await admin.get('/api/admin/fulfilment/services').expect(200);
      expect(res.body.provider).toBe('api-v2');
      expect(res.body.services).toEqual([
        { service: '1', name: 'Instagram Followers [Real]', type: 'Default', category: 'Instagram', rate: '0.90', min: 50, max: 10000, refill: true, cancel: true },
        { service: '2', name: 'Instagram Likes', type: 'Default', category: 'Instagram', rate: '0.15', min: 10, max: 100000, refill: false, cancel: false },
        { service: '3', name: 'YouTube Views', type: 'Default', category: 'YouTube', rate: '1.2', min: 100, max: 1000000, refill: false, cancel: true },
      ]);
    });

    it('answers 502 when the provider is down', async () => {
      panel.standIn.script('services', { http: 503 });
      expect((await admin.get('/api/admin/fulfilment/services').expect(502)).body.message).toMatch(/^The provider panel did not answer: The provider answered HTTP 503/);
    });
  });

  describe('tier mappings', () => {
    const map = (body: object) => admin.post('/api/admin/fulfilment/mapping', body);
    const mappingsOf = async (planId: string) => (await admin.get(`/api/admin/fulfilment/mappings?planId=${planId}`).expect(200)).body.mappings;

    it('maps a tier to a provider service and quantity, lists it for its plan, and removes it with serviceId null; each change audited', async () => {
      const [first, second] = youtube.pricing;
      expect(await mappingsOf(youtube.planId)).toEqual([]);

      const res = await map({ pricingId: first.pricingId, serviceId: 3, quantity: '1000' }).expect(200);
      expect(res.body).toEqual({ success: true, mapping: { pricingId: first.pricingId, serviceId: '3', serviceName: 'YouTube Views', quantity: 1000, refillDays: 0 } });
      await map({ pricingId: second.pricingId, serviceId: '3', quantity: 5000 }).expect(200);
      expect(await mappingsOf(youtube.planId)).toEqual([
        { pricingId: first.pricingId, serviceId: '3', serviceName: 'YouTube Views', quantity: 1000, refillDays: 0 },
        { pricingId: second.pricingId, serviceId: '3', serviceName: 'YouTube Views', quantity: 5000, refillDays: 0 },
      ]);
      expect(await mappingsOf((await planOf(t, 'instagram')).planId)).toEqual([]);

      expect((await map({ pricingId: second.pricingId, serviceId: null }).expect(200)).body).toEqual({ success: true, mapping: null });
      expect((await mappingsOf(youtube.planId)).map((m: { pricingId: string }) => m.pricingId)).toEqual([first.pricingId]);

      const audit = (await admin.post('/api/admin/audit', {}).expect(200)).body.data.filter((entry: { action: string }) => entry.action === 'fulfilment.mapping');
      expect(audit.map((entry: { entityId: string; before: unknown; after: unknown }) => [entry.entityId, entry.before, entry.after])).toEqual([
        [second.pricingId, { serviceId: '3', serviceName: 'YouTube Views', quantity: 5000, refillDays: 0 }, null],
        [second.pricingId, null, { serviceId: '3', serviceName: 'YouTube Views', quantity: 5000, refillDays: 0 }],
        [first.pricingId, null, { serviceId: '3', serviceName: 'YouTube Views', quantity: 1000, refillDays: 0 }],
      ]);
    });

    it.each([
      [{ serviceId: '99', quantity: 1000 }, 'Unknown provider service 99'],
      [{ serviceId: '3', quantity: 99 }, 'Quantity must be between 100 and 1000000 for this service'],
      [{ serviceId: '3', quantity: 1000001 }, 'Quantity must be between 100 and 1000000 for this service'],
      [{ serviceId: '3' }, 'Quantity is required with a service'],
      [{ serviceId: '3', quantity: 'lots' }, 'quantity must be a whole number of at least 1'],
      [{ serviceId: '3', quantity: 0 }, 'quantity must be a whole number of at least 1'],
      [{ serviceId: '3', quantity: 1.5 }, 'quantity must be a whole number of at least 1'],
      [{ quantity: 1000 }, 'serviceId is required (null removes the mapping)'],
      [{ serviceId: '', quantity: 1000 }, 'serviceId must not be empty (send null to remove the mapping)'],
      [{ serviceId: { $ne: 1 }, quantity: 1000 }, 'serviceId must be a provider service id, or null to remove the mapping'],
      [{ pricingId: 'tier-1', serviceId: '3', quantity: 1000 }, 'pricingId must be a valid pricing tier id'],
      [{ pricingId: undefined, serviceId: '3', quantity: 1000 }, 'pricingId is required'],
    ])('refuses %j with 400 %j', async (body, message) => {
      const res = await map({ pricingId: youtube.pricing[2].pricingId, ...body }).expect(400);
      expect(res.body).toMatchObject({ success: false, message });
    });

    it('answers 404 for an unknown tier, 502 when the provider cannot be asked, and 400 for a missing or malformed planId', async () => {
      const unknown = await map({ pricingId: randomUUID(), serviceId: '3', quantity: 1000 }).expect(404);
      expect(unknown.body).toMatchObject({ success: false, message: 'Pricing tier not found' });
      await map({ pricingId: randomUUID(), serviceId: null }).expect(404);
      await withProviderDown(async () => {
        const down = await map({ pricingId: youtube.pricing[2].pricingId, serviceId: '3', quantity: 1000 }).expect(502);
        expect(down.body.message).toMatch(/^The provider panel did not answer: /);
      });
      expect((await admin.get('/api/admin/fulfilment/mappings').expect(400)).body.message).toBe('planId is required');
      expect((await admin.get('/api/admin/fulfilment/mappings?planId=youtube').expect(400)).body.message).toBe('planId must be a valid plan id');
    });

    it('answers a hostile body with a 400 naming the field, and stores nothing', async () => {
      const tier = youtube.pricing[1].pricingId;
      const cases: Array<[object, string]> = [
        [{ pricingId: tier, serviceId: '3\u0000', quantity: 1000 }, 'serviceId'],
        [{ pricingId: tier, serviceId: { $gt: '' }, quantity: 1000 }, 'serviceId'],
        [{ pricingId: tier, serviceId: '3', quantity: '1000; DROP TABLE tier_fulfilment' }, 'quantity'],
        [{ pricingId: tier, serviceId: '3', quantity: 1e40 }, 'quantity'],
        [{ pricingId: tier, serviceId: '3', quantity: -5 }, 'quantity'],
        [{ pricingId: tier, serviceId: 'x'.repeat(65), quantity: 1000 }, 'serviceId'],
        [{ pricingId: [tier], serviceId: '3', quantity: 1000 }, 'pricingId'],
      ];
      for (const [body, field] of cases) {
        const res = await map(body).expect(400);
        expect([body, res.body.success, res.body.message]).toEqual([body, false, expect.stringContaining(field)]);
      }
      const link = await admin.post('/api/admin/fulfilment/link', { subscriptionId: randomUUID(), upstreamOrderId: ['1'] }).expect(400);
      expect(link.body.message).toContain('upstreamOrderId');
      const huge = await admin.post('/api/admin/fulfilment/link', { subscriptionId: randomUUID(), upstreamOrderId: 'x'.repeat(70_000) }).expect(413);
      expect(huge.body.success).toBe(false);
      expect(await mappingsOf(youtube.planId)).not.toContainEqual(expect.objectContaining({ pricingId: tier }));
    });

    it('goes with its tier: deleting the tier deletes its mapping', async () => {
      const plan = await admin.post('/api/plan/create', {
        name: 'Fulfilment Test',
        platform: 'Fulfilment Test',
        status: 'Inactive',
        pricing: [
          { name: 'Solo', price: '9.99', description: 'one tier', features: ['one'] },
          { name: 'Duo', price: '19.99', description: 'another tier', features: ['two'] },
        ],
      });
      expect(plan.status).toBe(201);
      const pricingId = plan.body.plan.pricing[0].pricingId as string;
      await map({ pricingId, serviceId: '3', quantity: 100 }).expect(200);
      await admin.post('/api/plan/deletePricing', { planId: plan.body.plan.planId, pricingId }).expect(200);
      expect(await mappingsOf(plan.body.plan.planId)).toEqual([]);
      expect(await t.app.get(DataSource).query('SELECT 1 FROM tier_fulfilment WHERE pricing_id = $1', [pricingId])).toEqual([]);
    });
  });

  describe('POST /admin/fulfilment/sync', () => {
    it('asks 250 open orders in 3 status calls of at most 100 ids, each order once', async () => {
      const purchases = t.app.get(RecordPurchaseUseCase);
      const ledger = t.app.get(FulfilmentLedger);
      const tier = { pricingId: youtube.pricing[0].pricingId, name: 'Starter', price: '9.99', description: '', features: [], isPopular: false, currency: 'USD' };
      const buyer = await signUpCustomer(t, 'batch');
      const now = new Date();
      for (let i = 0; i < 250; i++) {
        const { subscription } = await purchases.execute({
          userId: buyer.userId,
          planId: youtube.planId,
          planName: 'YouTube',
          profileLink: `https://www.youtube.com/@batch-${i}`,
          orderId: `order_batch${String(i).padStart(9, '0')}`,
          paymentId: `pay_batch${i}`,
          pricing: tier,
          customerEmail: `batch-${i}@example.com`,
          customerName: 'Batch',
        });
        const upstreamOrderId = String(50_000 + i);
        panel.standIn.setOrder(upstreamOrderId, { status: i % 50 === 0 ? 'Completed' : 'In progress', remains: String(i) });
        await ledger.queue(subscription.subscriptionId, { serviceId: '3', quantity: 1000 }, now);
        await ledger.claimForPlacing(subscription.subscriptionId, now);
        await ledger.markPlaced(subscription.subscriptionId, upstreamOrderId, now);
      }

      const before = panel.standIn.requests.length;
      const report = await syncNow(t, admin.token);
      const calls = panel.standIn.requests.slice(before).filter((r) => r.action === 'status');
      expect(calls.map((call) => call.params.orders.split(',').length)).toEqual([100, 100, 50]);
      expect(new Set(calls.flatMap((call) => call.params.orders.split(','))).size).toBe(250);
      expect(report).toMatchObject({ success: true, orders: 250, requests: 3, updated: 250, finished: 5, ms: expect.any(Number) });
      expect((await taskOf(t, admin.token, 'order_batch000000050')).Status).toBe(1);
    });

    it('answers 502 when the panel fails its status calls; what was stored before stays', async () => {
      // Every call of the pass: the 3 batch calls, then the two halves each is tried in (both fail:
      // the panel, not one order's answer, docs/fulfilment.md).
      for (let call = 0; call < 3 * 3; call++) panel.standIn.script('status', { garbage: true });
      await new Promise((resolve) => setTimeout(resolve, 5)); // the next pass starts after the last one's checks
      const res = await admin.post('/api/admin/fulfilment/sync', {}).expect(502);
      expect(res.body).toMatchObject({ success: false, message: 'The provider panel did not answer: The provider sent an answer that is not JSON' });
    });
  });
});

describe('Fulfilment admin routes (manual panel, the default)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof asAdmin>;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
    admin = asAdmin(t, (await adminToken(t)).token);
  });

  afterAll(() => t?.close());

  it('says manual, lists no services, refuses mappings (409) and syncs nothing', async () => {
    expect((await admin.get('/api/admin/fulfilment/provider').expect(200)).body).toEqual({ success: true, provider: 'manual' });
    expect((await admin.get('/api/admin/fulfilment/services').expect(200)).body).toEqual({ success: true, provider: 'manual', services: [] });
    const youtube = await planOf(t, 'youtube');
    const res = await admin.post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: 1000 }).expect(409);
    expect(res.body).toMatchObject({ success: false, message: 'Automatic fulfilment is off: set FULFILMENT_PROVIDER=api-v2' });
    expect((await admin.post('/api/admin/fulfilment/sync', {}).expect(200)).body).toEqual({
      success: true,
      orders: 0,
      requests: 0,
      updated: 0,
      finished: 0,
      unsynced: 0,
      ms: 0,
      refills: { refills: 0, requests: 0, settled: 0, unsynced: 0, abandoned: 0, ms: 0 },
    });
  });

  it('leaves every order to staff, even of a tier that has a mapping row', async () => {
    const youtube = await planOf(t, 'youtube');
    await t.app
      .get(DataSource)
      .query(`INSERT INTO tier_fulfilment (pricing_id, service_id, service_name, quantity) VALUES ($1, '3', 'YouTube Views', 1000)`, [youtube.pricing[0].pricingId]);
    const ann = await signUpCustomer(t, 'ann');
    const { orderId } = await buy(t, ann, youtube, youtube.pricing[0].pricingId, 'https://www.youtube.com/@manual');
    const task = await taskOf(t, admin.token, orderId);
    expect(task).toMatchObject({ Status: 0, statusText: 'In Process', fulfilment: null });
    const active = await request(t.app.getHttpServer())
      .post('/api/subscription/activeService')
      .set('Authorization', `Bearer ${ann.token}`)
      .send({ userId: ann.userId })
      .expect(200);
    expect(active.body.data[0]).toMatchObject({ orderId, progress: null });
  });
});
