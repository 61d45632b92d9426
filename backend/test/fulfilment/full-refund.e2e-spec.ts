import { PlacementJobs } from '../../src/modules/fulfilment/application/placement-jobs';
import { WITHDRAWN_NOTE } from '../../src/modules/fulfilment/application/fulfilment-intake';
import { Clock } from '../../src/platform/time/clock';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { FakeClock } from '../identity/support';
import { as, eventually, planOf, type PlanTiers } from '../billing/support';
import { addsOf, asAdmin, panelEnv, startPanel, syncNow, taskInState, taskOf, type ProviderPanelUnderTest } from './support';

/**
 * A full refund ends the order in api-v2 mode (docs/refunds.md#a-full-refund-ends-the-order): an
 * order not placed yet (queued while the panel is unreachable, or in review after a refusal) is
 * never placed once refunded in full: its fulfilment is `canceled` with a note for staff, a
 * place-order job that runs for it afterwards sends nothing, the sync pass does not enqueue it
 * again, and Retry is refused. Its Status is Refunded for the customer and staff. An order already
 * placed reads Refunded too and is still followed (staff cancel it on the panel).
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the queue (in-process,
 * or BullMQ with REDIS_URL), the sandbox gateway (payments through its checkout, so there is a
 * captured payment to refund), the api-v2 adapter and the API v2 stand-in behind a cuttable proxy.
 * Fake: the clock (moved past the sync pass's "lost job" age).
 */
describe('A full refund ends the order (api-v2 fulfilment)', () => {
  let panel: ProviderPanelUnderTest;
  let t: TestApp;
  let admin: string;
  let ann: CustomerSession;
  let youtube: PlanTiers;
  const clock = new FakeClock();
  let links = 0;
  const newLink = () => `https://www.youtube.com/@full-refund-${++links}`;

  beforeAll(async () => {
    panel = await startPanel();
    t = await createTestApp({ env: panelEnv(panel, { SANDBOX_REFUND_SETTLE_MS: '300' }), overrides: [{ provide: Clock, useValue: clock }] });
    admin = (await adminToken(t)).token;
    ann = await signUpCustomer(t, 'ann');
    youtube = await planOf(t, 'youtube');
    await asAdmin(t, admin).post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: 1000 }).expect(200);
  });

  afterAll(async () => {
    await t?.close();
    await panel?.close();
  });

  const addsFor = (link: string) => addsOf(panel.standIn).filter((params) => params.link === link);

  /** A paid order of the mapped tier, paid through the sandbox checkout (a captured payment the refund can go back to). */
  async function buy(link: string) {
    const order = (
      await as(t, ann).post('/api/payment/order', { userId: ann.userId, planId: youtube.planId, pricingId: youtube.pricing[0].pricingId, profileLink: link }).expect(200)
    ).body.order;
    const proof = (await as(t, ann).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(200)).body;
    const verified = await as(t, ann).post('/api/payment/verify', proof).expect(200);
    return { orderId: order.id as string, subscriptionId: verified.body.subscription.subscriptionId as string };
  }

  const refundAll = (subscriptionId: string) => asAdmin(t, admin).post('/api/admin/refunds', { subscriptionId, reason: 'Customer cancelled' }).expect(200);
  const customerCard = async (subscriptionId: string) =>
    ((await as(t, ann).post('/api/subscription/user', { userId: ann.userId }).expect(200)).body.subscriptions as Array<Record<string, unknown>>).find(
      (s) => s.subscriptionId === subscriptionId,
    );

  /** Another order placed normally: once it is open, every job enqueued before it has run. */
  async function queueDrained() {
    const { orderId } = await buy(newLink());
    await taskInState(t, admin, orderId, 'open');
  }

  it('an order queued while the panel is unreachable, refunded in full, is never placed (even when a job runs for it later)', async () => {
    const link = newLink();
    await panel.proxy.cut();
    let bought: { orderId: string; subscriptionId: string };
    try {
      bought = await buy(link);
      await eventually(
        () => taskOf(t, admin, bought.orderId),
        (task) => Boolean(task.fulfilment?.note),
      );
      const refunded = await refundAll(bought.subscriptionId);
      expect(refunded.body.subscription).toMatchObject({ Status: 4, statusText: 'Refunded' });
    } finally {
      await panel.proxy.open();
    }
    expect(await taskOf(t, admin, bought.orderId)).toMatchObject({ Status: 4, statusText: 'Refunded', fulfilment: { state: 'canceled', note: WITHDRAWN_NOTE } });

    // A job for it after the refund (a late retry, a duplicate) and a sync pass past the lost-job age.
    await t.app.get(PlacementJobs).enqueue(bought.subscriptionId, clock.now(), clock.now());
    clock.advance(5 * 60_000);
    await syncNow(t, admin);
    await queueDrained();
    expect(addsFor(link)).toEqual([]);
    expect((await taskOf(t, admin, bought.orderId)).fulfilment?.state).toBe('canceled');
    expect(await customerCard(bought.subscriptionId)).toMatchObject({ Status: 4, statusText: 'Refunded', progress: null });
  });

  it('an order in review after a refusal, refunded in full, cannot be retried', async () => {
    panel.standIn.script('add', { error: 'Not enough funds on balance' });
    const link = newLink();
    const bought = await buy(link);
    await taskInState(t, admin, bought.orderId, 'needs_review');
    await refundAll(bought.subscriptionId);
    expect(await taskOf(t, admin, bought.orderId)).toMatchObject({ Status: 4, fulfilment: { state: 'canceled', note: WITHDRAWN_NOTE } });
    const retry = await asAdmin(t, admin).post('/api/admin/fulfilment/retry', { subscriptionId: bought.subscriptionId }).expect(409);
    expect(retry.body).toMatchObject({ success: false, error: 'fulfilment_not_in_review' });
    expect(addsFor(link)).toHaveLength(1);
  });

  it('an order already placed, refunded in full, reads Refunded and is still followed upstream', async () => {
    const link = newLink();
    const bought = await buy(link);
    await taskInState(t, admin, bought.orderId, 'open');
    await refundAll(bought.subscriptionId);
    expect(await taskOf(t, admin, bought.orderId)).toMatchObject({ Status: 4, statusText: 'Refunded', fulfilment: { state: 'open' } });
    expect(await customerCard(bought.subscriptionId)).toMatchObject({ Status: 4, statusText: 'Refunded' });
    expect(addsFor(link)).toHaveLength(1);
  });
});
