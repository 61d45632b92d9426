import { orderNumberOf, type Subscription } from '@growth/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/platform/time/clock';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { FakeClock } from '../identity/support';
import { eventually, outboxMails, planOf, type PlanTiers } from '../billing/support';
import { asAdmin, buy, panelEnv, startPanel, syncNow, taskInState, taskOf, TIMEOUT_MS, type ProviderPanelUnderTest } from './support';

/**
 * The refill guarantee (docs/refill.md), over HTTP, as the customer and staff see it.
 * Real: the whole app (its queue: in-process, or BullMQ with REDIS_URL; the sync pass run through
 * POST /admin/fulfilment/sync), its database (PGlite, or PostgreSQL with DATABASE_URL), the outbox
 * mailer, the api-v2 panel adapter and the API v2 stand-in over HTTP behind a proxy the spec cuts.
 * Fake: the clock (moved a minute between passes, past the 24-hour spacing and the guarantee's end).
 * The customer lists, the admin bodies and the refill route all judge by that one clock.
 */
describe('Refills through the provider panel', () => {
  let panel: ProviderPanelUnderTest;
  let t: TestApp;
  let admin: string;
  let ann: CustomerSession;
  let bob: CustomerSession;
  let instagram: PlanTiers;
  const clock = new FakeClock();
  let links = 0;
  const newLink = () => `https://www.instagram.com/refill_${++links}`;

  beforeAll(async () => {
    panel = await startPanel();
    t = await createTestApp({ env: panelEnv(panel), overrides: [{ provide: Clock, useValue: clock }] });
    admin = (await adminToken(t)).token;
    ann = await signUpCustomer(t, 'ann');
    bob = await signUpCustomer(t, 'bob');
    instagram = await planOf(t, 'instagram');
  });

  afterAll(async () => {
    await t?.close();
    await panel?.close();
  });

  const server = () => t.app.getHttpServer();
  const guaranteed = () => instagram.pricing[0].pricingId;
  const withoutGuarantee = () => instagram.pricing[1].pricingId;
  const askRefill = (who: CustomerSession, subscriptionId: unknown) =>
    request(server()).post('/api/subscription/refill').set('Authorization', `Bearer ${who.token}`).send({ subscriptionId });
  const staffRefill = (subscriptionId: unknown) => asAdmin(t, admin).post('/api/admin/fulfilment/refill', { subscriptionId });
  const refillCalls = () => panel.standIn.requests.filter((r) => r.action === 'refill');
  const refillStatusCalls = () => panel.standIn.requests.filter((r) => r.action === 'refill_status');
  const completedList = async (who: CustomerSession) =>
    (await request(server()).post('/api/subscription/completedService').set('Authorization', `Bearer ${who.token}`).send({ userId: who.userId, limit: 50 }).expect(200))
      .body.data as Subscription[];
  const syncAMinuteLater = () => {
    clock.advance(60_000);
    return syncNow(t, admin);
  };

  /** A paid order of `pricingId`, placed upstream and reported Completed by the provider. */
  async function completedOrder(pricingId = guaranteed(), who = ann) {
    const link = newLink();
    const { orderId, subscriptionId } = await buy(t, who, instagram, pricingId, link);
    const task = await taskInState(t, admin, orderId, 'open');
    const upstreamOrderId = task.fulfilment?.upstreamOrderId as string;
    panel.standIn.setOrder(upstreamOrderId, { status: 'Completed', start_count: '1200', remains: '0' });
    await syncAMinuteLater();
    return { orderId, subscriptionId, upstreamOrderId, link };
  }

  /** As completedOrder, paid through the sandbox checkout, so that the sandbox gateway can refund it. */
  async function capturedCompletedOrder() {
    const created = await request(server())
      .post('/api/payment/order')
      .set('Authorization', `Bearer ${ann.token}`)
      .send({ userId: ann.userId, planId: instagram.planId, pricingId: guaranteed(), currency: 'USD', profileLink: newLink() })
      .expect(200);
    const proof = (
      await request(server())
        .post('/api/payment/sandbox/checkout')
        .set('Authorization', `Bearer ${ann.token}`)
        .send({ orderId: created.body.order.id, outcome: 'success' })
        .expect(200)
    ).body;
    const verified = await request(server()).post('/api/payment/verify').set('Authorization', `Bearer ${ann.token}`).send(proof).expect(200);
    const task = await taskInState(t, admin, created.body.order.id as string, 'open');
    panel.standIn.setOrder(task.fulfilment?.upstreamOrderId as string, { status: 'Completed', start_count: '1200', remains: '0' });
    await syncAMinuteLater();
    return { subscriptionId: verified.body.subscription.subscriptionId as string };
  }

  describe('the guarantee on the mapping', () => {
    it('is refused on a service the provider does not refill, and outside 0 to 365 whole days (400, naming why)', async () => {
      const map = (body: object) => asAdmin(t, admin).post('/api/admin/fulfilment/mapping', body);
      const tier = instagram.pricing[2].pricingId;
      // The stand-in's service 2 (Instagram Likes) has refill: false.
      const refused = await map({ pricingId: tier, serviceId: '2', quantity: 100, refillDays: 30 }).expect(400);
      expect(refused.body.message).toMatch(/does not refill service 2 \(Instagram Likes\)/);
      for (const refillDays of [366, -1, 1.5, 'thirty', [30]]) {
        const res = await map({ pricingId: tier, serviceId: '1', quantity: 100, refillDays }).expect(400);
        expect(res.body.message).toBe('refillDays must be a whole number of days from 0 to 365');
      }
      expect((await asAdmin(t, admin).get(`/api/admin/fulfilment/mappings?planId=${instagram.planId}`).expect(200)).body.mappings).toEqual([]);
    });

    it('shows on the pricing answer from the mapping, and the cached answer follows a change at once', async () => {
      const before = (await request(server()).get('/api/plans/instagram').expect(200)).body;
      expect(before.pricing.map((tier: { refillDays: number }) => tier.refillDays)).toEqual([0, 0, 0]);

      const services = (await asAdmin(t, admin).get('/api/admin/fulfilment/services').expect(200)).body.services;
      expect(services.map((s: { service: string; refill: boolean }) => [s.service, s.refill])).toEqual([
        ['1', true],
        ['2', false],
        ['3', false],
      ]);
      const mapped = await asAdmin(t, admin)
        .post('/api/admin/fulfilment/mapping', { pricingId: guaranteed(), serviceId: '1', quantity: 1000, refillDays: 30 })
        .expect(200);
      expect(mapped.body.mapping).toMatchObject({ serviceId: '1', quantity: 1000, refillDays: 30 });
      await asAdmin(t, admin).post('/api/admin/fulfilment/mapping', { pricingId: withoutGuarantee(), serviceId: '1', quantity: 500 }).expect(200);

      const after = (await request(server()).get('/api/plans/instagram').expect(200)).body;
      expect(after.pricing.map((tier: { refillDays: number }) => tier.refillDays)).toEqual([30, 0, 0]);
      const byName = (await request(server()).post('/api/plan/getByName').send({ name: 'Instagram' }).expect(200)).body;
      expect(byName.pricing[0].refillDays).toBe(30);
      expect((await asAdmin(t, admin).get(`/api/admin/fulfilment/mappings?planId=${instagram.planId}`).expect(200)).body.mappings).toEqual([
        expect.objectContaining({ pricingId: guaranteed(), refillDays: 30 }),
        expect.objectContaining({ pricingId: withoutGuarantee(), refillDays: 0 }),
      ]);
    });
  });

  it('refills a completed order: one refill call, its status asked in batches, Completed on the card; a second request while open is a 409', async () => {
    const { orderId, subscriptionId, upstreamOrderId } = await completedOrder();
    const card = (await completedList(ann)).find((s) => s.orderId === orderId);
    expect(card?.refill).toMatchObject({ state: 'available', days: 30, canRequest: true, requestedAt: null, nextRequestAt: null, message: null });
    expect(new Date(card!.refill!.until!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const callsBefore = refillCalls().length;
    const asked = await askRefill(ann, subscriptionId).expect(200);
    expect(asked.body).toMatchObject({ success: true, subscription: { subscriptionId, refill: { state: 'requested', canRequest: false, days: 30 } } });
    expect(asked.body.message).toMatch(/^Refill requested/);
    expect(
      refillCalls()
        .slice(callsBefore)
        .map((r) => r.params),
    ).toEqual([{ action: 'refill', order: upstreamOrderId }]);
    const refillId = [...panel.standIn.refills].find(([, r]) => r.order === upstreamOrderId)?.[0] as string;

    const again = await askRefill(ann, subscriptionId).expect(409);
    expect(again.body).toMatchObject({
      success: false,
      error: 'refill_in_flight',
      message: 'A refill for this order is already under way. You can ask for another once it is finished.',
    });
    expect(refillCalls()).toHaveLength(callsBefore + 1);

    panel.standIn.setRefill(refillId, { status: 'Inprogress' });
    const statusBefore = refillStatusCalls().length;
    const pass = await syncAMinuteLater();
    expect(pass).toMatchObject({ refills: { refills: 1, requests: 1, settled: 0 } });
    expect(
      refillStatusCalls()
        .slice(statusBefore)
        .map((r) => r.params),
    ).toEqual([{ action: 'refill_status', refills: refillId }]);
    expect((await completedList(ann)).find((s) => s.orderId === orderId)?.refill).toMatchObject({ state: 'in_progress' });
    const staffView = (await taskOf(t, admin, orderId)).refill;
    expect(staffView).toMatchObject({ state: 'in_progress', review: false });
    expect(staffView!.history).toEqual([
      expect.objectContaining({ state: 'open', actor: 'customer', upstreamRefillId: refillId, upstreamStatus: 'Inprogress', failure: null, review: false }),
    ]);

    panel.standIn.setRefill(refillId, { status: 'Completed' });
    expect(await syncAMinuteLater()).toMatchObject({ refills: { refills: 1, requests: 1, settled: 1 } });
    const settled = (await completedList(ann)).find((s) => s.orderId === orderId)?.refill;
    expect(settled).toMatchObject({ state: 'completed', days: 30, message: null });
    expect(settled!.settledAt).not.toBeNull();
    // A settled refill is not asked about again.
    expect(await syncAMinuteLater()).toMatchObject({ refills: { refills: 0, requests: 0 } });

    // At most one request a day: the next one is refused with the time it may be asked.
    const tooSoon = await askRefill(ann, subscriptionId).expect(409);
    expect(tooSoon.body.error).toBe('refill_too_soon');
    expect(tooSoon.body.message).toMatch(
      /^A refill was requested less than 24 hours ago\. You can ask for the next one after \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC\.$/,
    );
    clock.advance(24 * 60 * 60_000);
    const nextDay = await askRefill(ann, subscriptionId).expect(200);
    expect(nextDay.body.subscription.refill).toMatchObject({ state: 'requested' });
    expect(refillCalls()).toHaveLength(callsBefore + 2);
  });

  it("flips the card's canRequest exactly when the route's answer flips, past 24 hours and past the guarantee (the app's clock)", async () => {
    const { orderId, subscriptionId } = await completedOrder();
    const card = async () => (await completedList(ann)).find((s) => s.orderId === orderId)?.refill;
    const settleLatest = async () => {
      const refillId = (await taskOf(t, admin, orderId)).refill!.history![0].upstreamRefillId as string;
      panel.standIn.setRefill(refillId, { status: 'Completed' });
      await syncAMinuteLater();
    };
    await askRefill(ann, subscriptionId).expect(200);
    await settleLatest();

    // The one-a-day rule: a second before the next request is due, both say not yet; two seconds later both say yes.
    const waiting = await card();
    expect(waiting).toMatchObject({ state: 'completed', canRequest: false, ended: false });
    const due = new Date(waiting!.nextRequestAt!).getTime();
    expect(due).toBe(new Date(waiting!.requestedAt!).getTime() + 24 * 60 * 60_000);
    clock.advance(due - clock.now().getTime() - 1_000);
    expect(await card()).toMatchObject({ canRequest: false, nextRequestAt: waiting!.nextRequestAt });
    expect((await askRefill(ann, subscriptionId).expect(409)).body.error).toBe('refill_too_soon');
    clock.advance(2_000);
    expect(await card()).toMatchObject({ canRequest: true, nextRequestAt: null, ended: false });
    await askRefill(ann, subscriptionId).expect(200);
    await settleLatest();

    // The guarantee's end: a minute before it the card offers a refill (and the route takes one a day
    // after the last); two minutes later the card says ended and the route refuses for the period.
    const until = new Date((await card())!.until!).getTime();
    clock.advance(until - clock.now().getTime() - 60_000);
    expect(await card()).toMatchObject({ canRequest: true, ended: false });
    await askRefill(ann, subscriptionId).expect(200);
    await settleLatest();
    clock.advance(until - clock.now().getTime() + 60_000);
    expect(await card()).toMatchObject({ canRequest: false, ended: true, nextRequestAt: null });
    expect((await askRefill(ann, subscriptionId).expect(400)).body.error).toBe('refill_period_over');
    // Staff read the same judgement on the task card.
    expect((await taskOf(t, admin, orderId)).refill).toMatchObject({ canRequest: false, ended: true });
  });

  it("shows staff a client's services with the refill history, and the client their own without the provider's words", async () => {
    const { orderId, subscriptionId } = await completedOrder(guaranteed(), bob);
    panel.standIn.script('refill', { error: 'Refill refused: panel order 4242 is flagged' });
    await askRefill(bob, subscriptionId).expect(200);
    const services = (token: string) => request(server()).post('/api/subscription/user').set('Authorization', `Bearer ${token}`).send({ userId: bob.userId }).expect(200);

    const staff = (await services(admin)).body.subscriptions.find((s: { orderId: string }) => s.orderId === orderId);
    const task = await taskOf(t, admin, orderId);
    expect(staff.refill).toEqual(task.refill);
    expect(staff.refill).toMatchObject({ state: 'rejected', review: false });
    expect(staff.refill.history).toEqual([
      expect.objectContaining({ state: 'rejected', actor: 'customer', failure: 'Refill refused: panel order 4242 is flagged', upstreamRefillId: null }),
    ]);
    expect(staff).toMatchObject({ customer: { userId: bob.userId }, fulfilment: expect.objectContaining({ upstreamOrderId: task.fulfilment?.upstreamOrderId }) });

    const own = (await services(bob.token)).body.subscriptions.find((s: { orderId: string }) => s.orderId === orderId);
    expect(own.refill).toMatchObject({ state: 'rejected', message: 'The provider could not top up this order.' });
    expect(Object.keys(own.refill).sort()).toEqual(['canRequest', 'days', 'ended', 'message', 'nextRequestAt', 'requestedAt', 'settledAt', 'state', 'until']);
    for (const staffOnly of ['flagged', 'history', 'review', 'upstream', 'failure', 'customer', 'fulfilment']) {
      expect(JSON.stringify(own)).not.toContain(staffOnly);
    }
  });

  it('asks the status of every open refill once per pass, in calls of at most 100 ids', async () => {
    // Three more refills placed upstream (staff's), beside any still open, then one pass.
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await completedOrder());
    for (const order of orders) await staffRefill(order.subscriptionId).expect(200);
    const statusBefore = refillStatusCalls().length;
    const pass = await syncAMinuteLater();
    const calls = refillStatusCalls().slice(statusBefore);
    expect(pass.refills.requests).toBe(calls.length);
    for (const call of calls) expect(call.params.refills.split(',').length).toBeLessThanOrEqual(100);
    const asked = calls.flatMap((call) => call.params.refills.split(','));
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBe(pass.refills.refills);
    expect(pass.refills.refills).toBeGreaterThanOrEqual(3);
  });

  it('follows the rest of a refill_status batch when the panel fails the whole call for one bad id, and hands that refill to staff after an hour', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await completedOrder());
    for (const order of orders) await staffRefill(order.subscriptionId).expect(200);
    const refillIdOf = (upstreamOrderId: string) => [...panel.standIn.refills].find(([, r]) => r.order === upstreamOrderId)?.[0] as string;
    const [good1, bad, good2] = orders.map((order) => ({ ...order, refillId: refillIdOf(order.upstreamOrderId) }));
    panel.standIn.setRefill(good1.refillId, { status: 'Completed' });
    panel.standIn.setRefill(good2.refillId, { status: 'Inprogress' });
    panel.standIn.poisonedRefills.add(bad.refillId);
    try {
      const statusBefore = refillStatusCalls().length;
      const pass = await syncAMinuteLater();
      expect(pass.refills).toMatchObject({ unsynced: 1 });
      expect(pass.refills.settled).toBeGreaterThanOrEqual(1);
      // The first call carried the bad id with the others; narrowing asked smaller calls after it.
      const calls = refillStatusCalls().slice(statusBefore);
      expect(calls.length).toBeGreaterThan(1);
      expect(calls[0].params.refills.split(',')).toEqual(expect.arrayContaining([good1.refillId, bad.refillId, good2.refillId]));
      expect((await taskOf(t, admin, good1.orderId)).refill!.history![0]).toMatchObject({ state: 'completed', upstreamStatus: 'Completed' });
      expect((await taskOf(t, admin, good2.orderId)).refill!.history![0]).toMatchObject({ state: 'open', upstreamStatus: 'Inprogress', failure: null });
      const noted = (await taskOf(t, admin, bad.orderId)).refill;
      expect(noted).toMatchObject({ review: false, history: [expect.objectContaining({ state: 'open', review: false })] });
      expect(noted!.history![0].failure).toBe(
        `The provider's refill status answer for refill ${bad.refillId} fails (SQLSTATE[22P02]: invalid input syntax for refill ${bad.refillId}); it is asked again on the next pass.`,
      );
      // Still failing over an hour after it was asked: staff take it over, and it is asked no more.
      clock.advance(61 * 60_000);
      await syncAMinuteLater();
      const review = (await taskOf(t, admin, bad.orderId)).refill;
      expect(review).toMatchObject({ review: true, history: [expect.objectContaining({ state: 'review', review: true })] });
      expect(review!.history![0].failure).toMatch(new RegExp(`^The provider's refill status answer for refill ${bad.refillId} keeps failing .*: check its panel`));
      const before = refillStatusCalls().length;
      await syncAMinuteLater();
      expect(
        refillStatusCalls()
          .slice(before)
          .flatMap((call) => call.params.refills.split(',')),
      ).not.toContain(bad.refillId);
    } finally {
      panel.standIn.poisonedRefills.delete(bad.refillId);
    }
  });

  it('refuses outside the guarantee (400 naming the day it ended), on a tier without one, and before completion', async () => {
    const { subscriptionId } = await completedOrder();
    const plain = await completedOrder(withoutGuarantee());
    const noGuarantee = await askRefill(ann, plain.subscriptionId).expect(400);
    expect(noGuarantee.body).toMatchObject({ error: 'no_refill_guarantee', message: 'This order has no refill guarantee.' });
    expect((await completedList(ann)).find((s) => s.subscriptionId === plain.subscriptionId)?.refill).toBeNull();

    const open = await buy(t, ann, instagram, guaranteed(), newLink());
    await taskInState(t, admin, open.orderId, 'open');
    const notYet = await askRefill(ann, open.subscriptionId).expect(400);
    expect(notYet.body).toMatchObject({ error: 'refill_not_completed', message: 'A refill can be requested once the order is completed.' });

    const calls = refillCalls().length;
    clock.advance(31 * 24 * 60 * 60_000);
    const over = await askRefill(ann, subscriptionId).expect(400);
    expect(over.body.error).toBe('refill_period_over');
    expect(over.body.message).toMatch(/^The 30-day refill guarantee for this order ended on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    expect(refillCalls()).toHaveLength(calls);
  });

  it('refuses a refill of an order refunded in full (409 saying so, no call to the provider); a part refunded still may', async () => {
    const refunded = await capturedCompletedOrder();
    await asAdmin(t, admin).post('/api/admin/refunds', { subscriptionId: refunded.subscriptionId, reason: 'Refunded in full after a complaint' }).expect(200);
    const calls = refillCalls().length;
    const refused = await askRefill(ann, refunded.subscriptionId);
    expect(refused.body).toEqual({ success: false, error: 'refill_order_refunded', message: 'This order was refunded in full, so it can no longer be refilled.' });
    expect(refused.status).toBe(409);
    expect(refillCalls()).toHaveLength(calls);
    expect((await completedList(ann)).find((s) => s.subscriptionId === refunded.subscriptionId)?.refill).toMatchObject({ canRequest: false });

    const part = await capturedCompletedOrder();
    await asAdmin(t, admin).post('/api/admin/refunds', { subscriptionId: part.subscriptionId, amount: '0.50', reason: 'A few followers came late' }).expect(200);
    await askRefill(ann, part.subscriptionId).expect(200);
    expect(refillCalls()).toHaveLength(calls + 1);
  });

  it('says plainly that a panel without refills does not offer them, and leaves nothing in flight', async () => {
    const { orderId, subscriptionId } = await completedOrder();
    panel.standIn.refillSupport = false;
    panel.standIn.noRefillError = 'Request Invalid';
    try {
      const res = await askRefill(ann, subscriptionId).expect(200);
      expect(res.body.message).toBe('This provider does not offer refills for this order. Our team has been told.');
      expect(res.body.subscription.refill).toMatchObject({
        state: 'rejected',
        message: 'This provider does not offer refills for this order. Our team has been told.',
      });
      const staffView = (await taskOf(t, admin, orderId)).refill;
      expect(staffView!.history).toEqual([expect.objectContaining({ state: 'rejected', failure: 'Request Invalid', upstreamRefillId: null, review: false })]);
      // Nothing in flight: a pass leaves it as it is, and no refill of the order is placing, open or in review.
      await syncAMinuteLater();
      expect((await taskOf(t, admin, orderId)).refill).toMatchObject({ state: 'rejected', review: false, history: [expect.objectContaining({ state: 'rejected' })] });
      const inFlight = await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM refills WHERE subscription_id = $1 AND state IN ('placing', 'open', 'review')`, [subscriptionId]);
      expect(Number(inFlight[0].n)).toBe(0);
      const provider = (await asAdmin(t, admin).get('/api/admin/fulfilment/provider').expect(200)).body;
      expect(provider).toMatchObject({ refill: 'unsupported' });
      expect(provider.refillMessage).toMatch(/does not offer refills \(it answered "Request Invalid"/);
    } finally {
      panel.standIn.refillSupport = true;
    }
    // A refill id answered later: the card says the panel refills again.
    const other = await completedOrder();
    await askRefill(ann, other.subscriptionId).expect(200);
    expect((await asAdmin(t, admin).get('/api/admin/fulfilment/provider').expect(200)).body).toMatchObject({ refill: 'supported', refillMessage: null });
  });

  it("keeps the provider's words for staff when it refuses, and shows the customer a plain sentence", async () => {
    const { orderId, subscriptionId } = await completedOrder();
    panel.standIn.script('refill', { error: 'Refill is not possible: the order is older than 30 days' });
    const res = await askRefill(ann, subscriptionId).expect(200);
    expect(res.body.subscription.refill).toMatchObject({ state: 'rejected', message: 'The provider could not top up this order.' });
    expect(JSON.stringify(res.body)).not.toContain('older than 30 days');
    expect((await taskOf(t, admin, orderId)).refill!.history![0]).toMatchObject({
      state: 'rejected',
      failure: 'Refill is not possible: the order is older than 30 days',
    });
  });

  it('sends a refill whose answer timed out to review, and never calls again', async () => {
    const { orderId, subscriptionId } = await completedOrder();
    const calls = refillCalls().length;
    panel.standIn.script('refill', { slow: TIMEOUT_MS + 1_000 });
    const res = await askRefill(ann, subscriptionId).expect(200);
    expect(res.body.subscription.refill).toMatchObject({ state: 'requested', canRequest: false, message: 'Your refill request is being checked by our team.' });
    expect(refillCalls()).toHaveLength(calls + 1);
    const staffView = (await taskOf(t, admin, orderId)).refill;
    expect(staffView).toMatchObject({ review: true });
    expect(staffView!.history![0]).toMatchObject({ state: 'review', review: true });
    expect(staffView!.history![0].failure).toMatch(/did not answer within 1\.5 s: the provider may have taken the refill/);

    await syncAMinuteLater();
    await syncAMinuteLater();
    await askRefill(ann, subscriptionId).expect(409);
    expect(refillCalls()).toHaveLength(calls + 1);

    // Staff checked the panel and ask again: the review is closed, one new call, audited.
    const again = await staffRefill(subscriptionId).expect(200);
    expect(again.body.subscription.refill.history.map((h: { state: string; actor: string }) => [h.state, h.actor])).toEqual([
      ['open', 'staff'],
      ['rejected', 'customer'],
    ]);
    expect(refillCalls()).toHaveLength(calls + 2);
    const audit = (await asAdmin(t, admin).post('/api/admin/audit', {}).expect(200)).body.data.filter(
      (entry: { action: string; entityId: string }) => entry.action === 'fulfilment.refill' && entry.entityId === subscriptionId,
    );
    expect(audit).toHaveLength(1);
  });

  it('answers 503 and records nothing when the provider cannot be reached', async () => {
    const { orderId, subscriptionId } = await completedOrder();
    await panel.proxy.cut();
    try {
      const res = await askRefill(ann, subscriptionId).expect(503);
      expect(res.body.message).toBe('The provider could not be reached, so nothing was requested. Please try again in a few minutes.');
    } finally {
      await panel.proxy.open();
    }
    expect((await taskOf(t, admin, orderId)).refill!.history).toEqual([]);
    await askRefill(ann, subscriptionId).expect(200);
  });

  it('places one refill when the customer asks 20 times at once', async () => {
    const { subscriptionId, upstreamOrderId } = await completedOrder();
    const before = refillCalls().length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => askRefill(ann, subscriptionId)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(19);
    expect(
      refillCalls()
        .slice(before)
        .map((r) => r.params.order),
    ).toEqual([upstreamOrderId]);
  });

  it('lets only the owner ask (403 another customer, 404 unknown, 400 malformed), and staff any placed order', async () => {
    const { subscriptionId } = await completedOrder();
    expect((await askRefill(bob, subscriptionId).expect(403)).body).toMatchObject({ error: 'not_your_order' });
    await askRefill(ann, '00000000-0000-4000-8000-000000000000').expect(404);
    for (const bad of [undefined, 'nope', 42, { $gt: '' }]) {
      expect((await askRefill(ann, bad).expect(400)).body.message).toMatch(/subscriptionId/);
    }
    // An order without a guarantee, still In Process: staff may ask for it, once at a time.
    const plain = await buy(t, ann, instagram, withoutGuarantee(), newLink());
    await taskInState(t, admin, plain.orderId, 'open');
    const staff = await staffRefill(plain.subscriptionId).expect(200);
    expect(staff.body.subscription.refill).toMatchObject({
      days: 0,
      canRequest: false,
      review: false,
      history: [expect.objectContaining({ actor: 'staff', state: 'open' })],
    });
    expect((await staffRefill(plain.subscriptionId).expect(409)).body.message).toBe(
      'A refill for this order is already under way with the provider; wait until it is settled.',
    );
    // The customer sees nothing of it: the order carries no guarantee.
    const body = (
      await request(server()).post('/api/subscription/activeService').set('Authorization', `Bearer ${ann.token}`).send({ userId: ann.userId, limit: 50 }).expect(200)
    ).body.data.find((s: { subscriptionId: string }) => s.subscriptionId === plain.subscriptionId);
    expect(body.refill).toBeNull();

    // Not placed upstream: a manual order (its tier has no mapping).
    const manual = await buy(t, ann, instagram, instagram.pricing[2].pricingId, newLink());
    expect((await staffRefill(manual.subscriptionId).expect(400)).body.message).toBe('This order was not placed with the provider, so there is nothing to refill.');
  });

  describe('provider quirks on the status data', () => {
    it('shows no progress for a Pending order reported with start count 0 and 0 remaining, and reads Inprogress as In progress', async () => {
      const { orderId } = await buy(t, ann, instagram, guaranteed(), newLink());
      const task = await taskInState(t, admin, orderId, 'open');
      const upstreamOrderId = task.fulfilment?.upstreamOrderId as string;
      const active = async () =>
        (
          await request(server()).post('/api/subscription/activeService').set('Authorization', `Bearer ${ann.token}`).send({ userId: ann.userId, limit: 50 }).expect(200)
        ).body.data.find((s: { orderId: string }) => s.orderId === orderId);
      panel.standIn.setOrder(upstreamOrderId, { status: 'Pending', start_count: '0', remains: '0' });
      await syncAMinuteLater();
      expect(await active()).toMatchObject({ Status: 0, progress: null });
      panel.standIn.setOrder(upstreamOrderId, { status: 'Inprogress', start_count: '1200', remains: '400' });
      await syncAMinuteLater();
      expect(await active()).toMatchObject({ Status: 0, statusText: 'In Process', progress: { startCount: 1200, remains: 400, quantity: 1000 } });
      expect((await taskOf(t, admin, orderId)).fulfilment).toMatchObject({ state: 'open', upstreamStatus: 'Inprogress' });
    });
  });

  describe('the "order completed" mail', () => {
    const completedMails = (subscriptionId: string) =>
      outboxMails(t.dataDir, ann.email, 'Your order is complete').filter((mail) => mail.subject.endsWith(`(${orderNumberOf(subscriptionId)})`));

    it('goes out once when the provider completes an order, with the package, the link and where to see it', async () => {
      const { subscriptionId, link } = await completedOrder();
      const mails = await eventually(
        () => completedMails(subscriptionId),
        (found) => found.length > 0,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(`Your order is complete: Instagram ${instagram.pricing[0].name} (${orderNumberOf(subscriptionId)})`);
      expect(mails[0].text).toContain(`Order number: ${orderNumberOf(subscriptionId)}`);
      expect(mails[0].text).toContain(`Link: ${link}`);
      expect(mails[0].text).toContain('View your order: ');
      expect(mails[0].text).toMatch(/\/services\/completed$/m);
      expect(mails[0].text).toMatch(/30-day refill guarantee/);
      await syncAMinuteLater();
      await syncAMinuteLater();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(completedMails(subscriptionId)).toHaveLength(1);
    });

    it('goes out once when staff mark an order Completed, however often they toggle it', async () => {
      const manual = await buy(t, ann, instagram, instagram.pricing[2].pricingId, newLink());
      const toggle = (Status: number) => asAdmin(t, admin).post('/api/admin/upStatus', { subscriptionId: manual.subscriptionId, Status }).expect(200);
      await toggle(1);
      await toggle(0);
      await toggle(1);
      await Promise.all([toggle(0), toggle(1)]);
      const mails = await eventually(
        () => completedMails(manual.subscriptionId),
        (found) => found.length > 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(completedMails(manual.subscriptionId)).toHaveLength(1);
      expect(mails[0].text).not.toMatch(/refill guarantee/);
    });
  });
});
