import type { RefundRow, Subscription } from '@growth/contracts';
import type { Job } from 'bullmq';
import request from 'supertest';
import { BillingProcessor } from '../../src/modules/billing/adapters/queue/billing.processor';
import { SandboxGateway } from '../../src/modules/billing/adapters/gateways/sandbox.gateway';
import { PaymentGateway } from '../../src/modules/billing/application/payment-gateway.port';
import { Clock } from '../../src/platform/time/clock';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { FakeClock } from '../identity/support';
import { orderNumberOf } from '@growth/contracts';
import { as, outboxMails, planOf, type PlanTiers } from '../billing/support';
import { asAdmin, panelEnv, startPanel, syncNow, taskInState, taskOf, TIMEOUT_MS, type ProviderPanelUnderTest } from './support';

/**
 * Automatic refunds of what the provider did not deliver (docs/refunds.md, "Automatic refunds of
 * what was not delivered" and "What the APIs say"), over HTTP, as the customer and staff see them.
 * Real: the whole app (the settle-shortfall job on its queue: in-process, or BullMQ with REDIS_URL;
 * the sync pass run through POST /admin/fulfilment/sync), its database (PGlite, or PostgreSQL with
 * DATABASE_URL), the sandbox gateway (payments made through its checkout, so it holds a captured
 * payment to refund; its refunds settle SANDBOX_REFUND_SETTLE_MS later through the webhook handler),
 * the outbox mailer, the api-v2 panel adapter and the API v2 stand-in over HTTP.
 * Fake: the restarted app's clock only (moved past the reconciler's quiet minute).
 */

/** The YouTube tier the specs buy (Starter, 19.99 USD = 1999 cents), delivered by the stand-in's service 3, 1,000 a purchase. */
const PRICE = '19.99';
const QUANTITY = 1000;
/** The stand-in's charge for 1,000 YouTube Views at 1.2 per 1,000. */
const CHARGE = '1.20000';
/**
 * How long the sandbox takes to settle a refund: long enough for a poll every 50 ms to see it
 * pending first, short enough to keep the specs quick.
 */
const SETTLE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `probe` until `ok` holds, at most `timeoutMs`; fails naming `what` and the last value seen. */
async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so within ${timeoutMs} ms; last seen: ${JSON.stringify(value)?.slice(0, 2000)}`);
    await sleep(50);
  }
}

type Mail = { subject: string; text: string };

/** The refund mails to the shop's customer about one order (billing's refund.mails.ts: the subjects name the order). */
function refundMails(shop: Shop, orderNumber: string): { issued: Mail[]; processed: Mail[]; all: Mail[] } {
  const about = (subjectStart: string) => outboxMails(shop.t.dataDir, shop.customer.email, subjectStart).filter((mail) => mail.subject.endsWith(`(${orderNumber})`));
  const issued = about('Refund of ');
  const processed = about('Your refund of ');
  return { issued, processed, all: [...issued, ...processed, ...about('About your refund request')] };
}

/**
 * One app of these specs: the api-v2 panel pointed at the stand-in, YouTube's Starter tier mapped to
 * the stand-in's YouTube Views, an admin and a customer who pays with the sandbox checkout.
 */
interface Shop {
  t: TestApp;
  admin: string;
  customer: CustomerSession;
  youtube: PlanTiers;
}

async function openShop(panel: ProviderPanelUnderTest, options: Parameters<typeof createTestApp>[0] = {}): Promise<Shop> {
  const t = await createTestApp({ ...options, env: panelEnv(panel, { SANDBOX_REFUND_SETTLE_MS: String(SETTLE_MS), ...options.env }) });
  const admin = (await adminToken(t)).token;
  const youtube = await planOf(t, 'youtube');
  expect(youtube.pricing[0]).toMatchObject({ name: 'Starter', price: PRICE });
  await asAdmin(t, admin).post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: QUANTITY }).expect(200);
  return { t, admin, customer: await signUpCustomer(t, 'refunds'), youtube };
}

let links = 0;
/** A profile link of its own for each order, so the stand-in's orders can be told apart. */
const newLink = () => `https://www.youtube.com/@refunds-${++links}`;

/**
 * The customer buys the mapped tier through the sandbox checkout, as the browser's sandbox dialog
 * does (order, the sandbox's card, verify): the sandbox keeps the captured payment a refund needs.
 */
async function pay(shop: Shop, link = newLink()) {
  const { t, customer, youtube } = shop;
  const created = await as(t, customer)
    .post('/api/payment/order', { userId: customer.userId, planId: youtube.planId, pricingId: youtube.pricing[0].pricingId, currency: 'USD', profileLink: link })
    .expect(200);
  const orderId = created.body.order.id as string;
  const proof = await as(t, customer).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200);
  expect(proof.body.razorpay_payment_id).toMatch(/^pay_/);
  const { success: _success, ...handlerResponse } = proof.body;
  const verified = await as(t, customer).post('/api/payment/verify', handlerResponse).expect(200);
  return { orderId, subscriptionId: verified.body.subscription.subscriptionId as string, link };
}

/** A paid order placed upstream (the provider took it): its ids and the provider's order id. */
async function placedOrder(shop: Shop) {
  const order = await pay(shop);
  const task = await taskInState(shop.t, shop.admin, order.orderId, 'open');
  return { ...order, upstreamOrderId: task.fulfilment?.upstreamOrderId as string };
}

/** The order in the customer's Completed list, or undefined while it is not there. */
async function completedOf(shop: Shop, orderId: string): Promise<Subscription | undefined> {
  const res = await request(shop.t.app.getHttpServer())
    .post('/api/subscription/completedService')
    .set('Authorization', `Bearer ${shop.customer.token}`)
    .send({ userId: shop.customer.userId, limit: 50 })
    .expect(200);
  return (res.body.data as Subscription[]).find((row) => row.orderId === orderId);
}

/** Staff's refunds list (POST /admin/refunds/list) for one order, optionally of one state. */
async function refundRows(shop: Shop, orderId: string, state?: string): Promise<RefundRow[]> {
  const res = await asAdmin(shop.t, shop.admin)
    .post('/api/admin/refunds/list', { q: orderId, limit: 100, ...(state ? { state } : {}) })
    .expect(200);
  return (res.body.data as RefundRow[]).filter((row) => row.orderId === orderId);
}

/** Waits until the customer's card says the refund is `state`, recording every state seen on the way. */
async function refundReaches(shop: Shop, orderId: string, state: string | null, seen: Array<string | null> = []): Promise<Subscription> {
  const row = await until(
    `the refund of ${orderId} as the customer sees it is ${state}`,
    async () => {
      const listed = await completedOf(shop, orderId);
      const now = listed?.refund ? (listed.refund.state as string | null) : undefined;
      if (now !== undefined && seen.at(-1) !== now) seen.push(now);
      return listed;
    },
    (listed) => listed?.refund?.state === state,
  );
  return row as Subscription;
}

/** Runs billing's jobs as its queue would: the settle-shortfall job of one order, and the refund sweep. */
function billingJobs(t: TestApp) {
  const processor = t.app.get(BillingProcessor);
  return {
    settleShortfall: (subscriptionId: string) => processor.process({ name: 'settle-shortfall', data: { subscriptionId } } as Job),
    sweep: () => processor.process({ name: 'reconcile-refunds', data: {} } as Job) as Promise<{ checked: number; settled: number; shortfalls: number }>,
  };
}

describe('Automatic refunds of what the provider did not deliver', () => {
  let panel: ProviderPanelUnderTest;
  let shop: Shop;

  beforeAll(async () => {
    panel = await startPanel();
    shop = await openShop(panel);
  });

  afterAll(async () => {
    await shop?.t.close();
    await panel?.close();
  });

  it.each([
    ['Canceled', 3, 'Canceled by the provider'],
    ['Refunded', 4, 'Refunded by the provider'],
  ] as const)('refunds the whole price when the provider says %s: pending, then processed, with both mails and a margin of 0.00', async (word, Status, note) => {
    const before = Date.now();
    const { orderId, subscriptionId, upstreamOrderId } = await placedOrder(shop);
    panel.standIn.setOrder(upstreamOrderId, { status: word });
    expect(await syncNow(shop.t, shop.admin)).toMatchObject({ finished: 1 });

    const seen: Array<string | null> = [];
    const done = await refundReaches(shop, orderId, 'processed', seen);
    expect(seen).toEqual(['pending', 'processed']);
    expect(done).toMatchObject({
      Status,
      refund: { state: 'processed', requested: PRICE, refunded: PRICE, currency: 'USD', requestState: null, message: null },
    });
    const refundedAt = Date.parse(done.refund!.refundedAt!);
    expect(refundedAt).toBeGreaterThanOrEqual(before);
    expect(refundedAt).toBeLessThanOrEqual(Date.now());
    // The customer's body carries nothing of staff's extras.
    expect(Object.keys(done.refund!).sort()).toEqual(['currency', 'message', 'refunded', 'refundedAt', 'requestState', 'requested', 'state']);

    const task = await taskOf(shop.t, shop.admin, orderId);
    expect(task.fulfilment).toMatchObject({ state: 'done', upstreamStatus: word, margin: { amount: '0.00', currency: 'USD' } });
    expect(task.refund).toMatchObject({ state: 'processed', requested: PRICE, refunded: PRICE, refundable: '0.00', requestId: null, failure: null });

    const rows = await refundRows(shop, orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'refund',
      state: 'processed',
      amount: PRICE,
      currency: 'USD',
      reason: 'undelivered',
      note,
      failure: null,
      gatewayRefundId: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      customer: { email: shop.customer.email },
      actor: { role: 'system', id: null },
    });

    const mails = await until(
      'both refund mails are in the outbox',
      async () => refundMails(shop, orderNumberOf(subscriptionId)),
      (m) => m.processed.length > 0,
    );
    expect(mails.issued.map((mail) => mail.subject)).toEqual([`Refund of ${PRICE} USD on its way (${orderNumberOf(subscriptionId)})`]);
    expect(mails.issued[0].text).toContain(`Part of your order could not be delivered (${note})`);
    expect(mails.issued[0].text).toContain(`Refund: ${PRICE} USD of ${PRICE} USD paid`);
    expect(mails.processed.map((mail) => mail.subject)).toEqual([`Your refund of ${PRICE} USD was processed (${orderNumberOf(subscriptionId)})`]);
  });

  it('refunds floor(price × remains / quantity) of a Partial, exactly: 157 of 1,000 not delivered on 19.99 is 3.13', async () => {
    const { orderId, subscriptionId, upstreamOrderId } = await placedOrder(shop);
    panel.standIn.setOrder(upstreamOrderId, { status: 'Partial', start_count: '40', remains: '157' });
    await syncNow(shop.t, shop.admin);

    const done = await refundReaches(shop, orderId, 'processed');
    // floor(1999 × 157 / 1000) = floor(313.843) = 313 cents.
    expect(done).toMatchObject({
      Status: 2,
      statusText: 'Partial',
      progress: { startCount: 40, remains: 157, quantity: QUANTITY },
      refund: { state: 'processed', requested: '3.13', refunded: '3.13', currency: 'USD' },
    });
    const task = await taskOf(shop.t, shop.admin, orderId);
    // What the order left: 19.99 paid − 3.13 refunded − the charge's delivered share, 1.20000 × 843 / 1,000
    // = 1.01160 (panels credit the rest back instead of lowering the charge), an estimate for staff.
    expect(task.fulfilment).toMatchObject({ charge: CHARGE, margin: { amount: '15.84840', currency: 'USD', estimated: true } });
    expect(task.refund).toMatchObject({ refundable: '16.86', requested: '3.13' });
    expect(await refundRows(shop, orderId)).toEqual([
      expect.objectContaining({ kind: 'refund', amount: '3.13', note: '157 of 1,000 not delivered', reason: 'undelivered' }),
    ]);

    const mails = await until(
      'both refund mails are in the outbox',
      async () => refundMails(shop, orderNumberOf(subscriptionId)),
      (m) => m.processed.length > 0,
    );
    expect(mails.issued.map((mail) => mail.subject)).toEqual([`Refund of 3.13 USD on its way (${orderNumberOf(subscriptionId)})`]);
    expect(mails.issued[0].text).toContain('(157 of 1,000 not delivered)');
    expect(mails.processed.map((mail) => mail.subject)).toEqual([`Your refund of 3.13 USD was processed (${orderNumberOf(subscriptionId)})`]);
  });

  it('refunds exactly once, whoever asks again: the job run five times at once with the sweep, more sync passes, the sweep again', async () => {
    const { orderId, subscriptionId, upstreamOrderId } = await placedOrder(shop);
    panel.standIn.setOrder(upstreamOrderId, { status: 'Canceled' });
    const jobs = billingJobs(shop.t);
    // The sync pass records the final word and enqueues the order's job; while that job runs, five more run and the sweep once.
    await syncNow(shop.t, shop.admin);
    const outcomes = await Promise.all([...Array.from({ length: 5 }, () => jobs.settleShortfall(subscriptionId)), jobs.sweep()]);
    const direct = outcomes.slice(0, 5);
    expect(direct.every((outcome) => outcome === 'refunded' || outcome === 'not_due')).toBe(true);
    expect(direct.filter((outcome) => outcome === 'refunded').length).toBeLessThanOrEqual(1);

    await refundReaches(shop, orderId, 'processed');
    for (let pass = 0; pass < 2; pass++) expect(await syncNow(shop.t, shop.admin)).toMatchObject({ finished: 0 });
    expect(await jobs.settleShortfall(subscriptionId)).toBe('not_due');
    expect(await jobs.sweep()).toMatchObject({ shortfalls: 0 });

    const rows = await refundRows(shop, orderId);
    expect(rows.map((row) => [row.kind, row.state, row.amount])).toEqual([['refund', 'processed', PRICE]]);
    expect(await completedOf(shop, orderId)).toMatchObject({ refund: { state: 'processed', requested: PRICE, refunded: PRICE } });
    expect((await taskOf(shop.t, shop.admin, orderId)).refund).toMatchObject({ refundable: '0.00' });
    const mails = await until(
      'the processed mail is in the outbox',
      async () => refundMails(shop, orderNumberOf(subscriptionId)),
      (m) => m.processed.length > 0,
    );
    expect([mails.issued.length, mails.processed.length]).toEqual([1, 1]);
  });

  it('refunds in full an order staff cancel before it was placed (the provider refused it)', async () => {
    panel.standIn.script('add', { error: 'Not enough funds on balance' });
    const { orderId, subscriptionId } = await pay(shop);
    await taskInState(shop.t, shop.admin, orderId, 'needs_review');

    const cancelled = await asAdmin(shop.t, shop.admin).post('/api/admin/fulfilment/cancel', { subscriptionId }).expect(200);
    expect(cancelled.body.subscription).toMatchObject({ Status: 3, fulfilment: { state: 'canceled' } });

    const done = await refundReaches(shop, orderId, 'processed');
    expect(done).toMatchObject({ Status: 3, statusText: 'Canceled', refund: { state: 'processed', requested: PRICE, refunded: PRICE } });
    const task = await taskOf(shop.t, shop.admin, orderId);
    expect(task.fulfilment).toMatchObject({ state: 'canceled', margin: { amount: '0.00', currency: 'USD' } });
    expect(task.refund).toMatchObject({ refundable: '0.00' });
    expect(await refundRows(shop, orderId)).toEqual([
      expect.objectContaining({ kind: 'refund', state: 'processed', amount: PRICE, reason: 'undelivered', note: 'Cancelled before it was placed with the provider' }),
    ]);
    const mails = await until(
      'both refund mails are in the outbox',
      async () => refundMails(shop, orderNumberOf(subscriptionId)),
      (m) => m.processed.length > 0,
    );
    expect([mails.issued.length, mails.processed.length]).toEqual([1, 1]);
  });

  it('refunds nothing when staff mark an order Completed by hand (delivered another way), even once the sweep has run', async () => {
    panel.standIn.script('add', { http: 500 });
    const { orderId, subscriptionId } = await pay(shop);
    await taskInState(shop.t, shop.admin, orderId, 'needs_review');

    const marked = await asAdmin(shop.t, shop.admin).post('/api/admin/upStatus', { subscriptionId, Status: 1 }).expect(200);
    expect(marked.body.subscription).toMatchObject({ Status: 1, refund: null });
    const jobs = billingJobs(shop.t);
    expect(await jobs.settleShortfall(subscriptionId)).toBe('not_due');
    expect(await jobs.sweep()).toMatchObject({ shortfalls: 0 });
    await syncNow(shop.t, shop.admin);

    expect(await completedOf(shop, orderId)).toMatchObject({ Status: 1, statusText: 'Completed', refund: null });
    expect((await taskOf(shop.t, shop.admin, orderId)).refund).toBeNull();
    expect(await refundRows(shop, orderId)).toEqual([]);
    expect(refundMails(shop, orderNumberOf(subscriptionId)).all).toEqual([]);
  });

  it.each([
    ['negative', '-5'],
    ['above the quantity', '1500'],
  ])('does not guess a Partial whose remains are %s (%s): an open request for staff with no amount, nothing refunded', async (_what, remains) => {
    const { orderId, subscriptionId, upstreamOrderId } = await placedOrder(shop);
    panel.standIn.setOrder(upstreamOrderId, { status: 'Partial', remains });
    await syncNow(shop.t, shop.admin);

    const listed = await until(
      'the customer sees the request open',
      () => completedOf(shop, orderId),
      (row) => Boolean(row?.refund),
    );
    expect(listed).toMatchObject({ Status: 2, refund: { state: null, requested: '0.00', refunded: '0.00', refundedAt: null, requestState: null } });
    const task = await taskOf(shop.t, shop.admin, orderId);
    expect(task.refund).toMatchObject({ state: null, requestState: 'open', requestId: expect.any(String), refundable: PRICE });
    const open = await refundRows(shop, orderId, 'open');
    expect(open).toEqual([expect.objectContaining({ kind: 'request', id: task.refund!.requestId, state: 'open', amount: null, reason: 'undelivered', subscriptionId })]);
    // Staff read that the delivery was partial and that the provider's count is not to be trusted
    // (an impossible count is kept out of the order, or named as impossible: never taken as fact).
    expect(open[0].note).toMatch(/^Partly delivered; the provider (did not say how much is missing|reported .* which cannot be right)$/);

    // The sweep leaves it to staff too.
    expect(await billingJobs(shop.t).sweep()).toMatchObject({ shortfalls: 0 });
    expect((await refundRows(shop, orderId)).map((row) => row.kind)).toEqual(['request']);
    expect(refundMails(shop, orderNumberOf(subscriptionId)).all).toEqual([]);

    // Staff look at the panel and refund what they find was not delivered.
    const approved = await asAdmin(shop.t, shop.admin)
      .post('/api/admin/refund-requests/decide', { requestId: task.refund!.requestId, approve: true, amount: '5.00' })
      .expect(200);
    expect(approved.body).toMatchObject({ request: { state: 'approved' }, refund: { amount: '5.00', reason: 'undelivered' } });
    expect(await refundReaches(shop, orderId, 'processed')).toMatchObject({ refund: { requested: '5.00', refunded: '5.00', requestState: null } });
  });

  it('does not guess a Partial whose final answer leaves the remains out: what an earlier progress report said was remaining is not what fell short', async () => {
    const { orderId, upstreamOrderId } = await placedOrder(shop);
    panel.standIn.setOrder(upstreamOrderId, { status: 'In progress', start_count: '40', remains: '350' });
    await syncNow(shop.t, shop.admin);
    expect((await taskOf(shop.t, shop.admin, orderId)).fulfilment).toMatchObject({ state: 'open', remains: 350 });
    // The provider's final word says Partial and nothing about how many were not delivered.
    panel.standIn.setOrder(upstreamOrderId, { status: 'Partial', remains: null });
    await syncNow(shop.t, shop.admin);

    // docs/refunds.md: "A Partial whose remains is unknown, negative or above the quantity is not guessed: it becomes an open request for staff."
    const listed = await until(
      'the order finished short has a refund or a request',
      () => completedOf(shop, orderId),
      (row) => Boolean(row?.refund),
    );
    expect(listed).toMatchObject({ Status: 2, refund: { state: null, requested: '0.00', refunded: '0.00', requestState: null } });
    expect(await refundRows(shop, orderId)).toEqual([expect.objectContaining({ kind: 'request', state: 'open', amount: null, reason: 'undelivered' })]);
  });

  it('shows staff a refund the gateway failed, with why and the full price refundable again; the sweep does not retry it; staff refund again and it is processed', async () => {
    const gateway = shop.t.app.get(PaymentGateway);
    expect(gateway).toBeInstanceOf(SandboxGateway);
    const { orderId, subscriptionId, upstreamOrderId } = await placedOrder(shop);
    (gateway as SandboxGateway).failNextRefunds();
    panel.standIn.setOrder(upstreamOrderId, { status: 'Canceled' });
    await syncNow(shop.t, shop.admin);

    const failed = await refundReaches(shop, orderId, 'failed');
    expect(failed.refund).toMatchObject({ state: 'failed', requested: '0.00', refunded: '0.00', refundedAt: null });
    const task = await taskOf(shop.t, shop.admin, orderId);
    expect(task.refund).toMatchObject({ state: 'failed', refundable: PRICE, failure: 'The payment gateway reported the refund as failed.' });
    // Nothing went back: the order kept the whole price (the provider cancelled, so it cost nothing).
    expect(task.fulfilment).toMatchObject({ margin: { amount: PRICE, currency: 'USD' } });
    expect(await refundRows(shop, orderId, 'failed')).toEqual([
      expect.objectContaining({ kind: 'refund', state: 'failed', amount: PRICE, failure: 'The payment gateway reported the refund as failed.' }),
    ]);

    // The automatic refund was made once; a failed one is left to staff (docs/refunds.md).
    expect(await billingJobs(shop.t).sweep()).toMatchObject({ shortfalls: 0 });
    expect(await billingJobs(shop.t).settleShortfall(subscriptionId)).toBe('not_due');
    expect(await refundRows(shop, orderId)).toHaveLength(1);
    expect(refundMails(shop, orderNumberOf(subscriptionId)).processed).toEqual([]);

    const again = await asAdmin(shop.t, shop.admin).post('/api/admin/refunds', { subscriptionId, reason: 'The provider cancelled; the first refund failed' }).expect(200);
    expect(again.body.refund).toMatchObject({ amount: PRICE, reason: 'staff', state: 'pending' });
    const done = await refundReaches(shop, orderId, 'processed');
    expect(done.refund).toMatchObject({ requested: PRICE, refunded: PRICE });
    const after = await taskOf(shop.t, shop.admin, orderId);
    expect(after.refund).toMatchObject({ refundable: '0.00', failure: null });
    expect(after.fulfilment).toMatchObject({ margin: { amount: '0.00', currency: 'USD' } });
    expect((await refundRows(shop, orderId)).map((row) => [row.state, row.reason]).sort()).toEqual([
      ['failed', 'undelivered'],
      ['processed', 'staff'],
    ]);
    const mails = await until(
      'the processed mail is in the outbox',
      async () => refundMails(shop, orderNumberOf(subscriptionId)),
      (m) => m.processed.length > 0,
    );
    expect([mails.issued.length, mails.processed.length]).toEqual([2, 1]);
  });

  // Last of this app's tests: while the link enqueues no job, its order is left for the next sweep,
  // which the tests above count on finding nothing.
  it('refunds an order staff link to a panel order the provider had already cancelled as soon as after a sync pass, not a sweep later', async () => {
    panel.standIn.script('add', { slow: TIMEOUT_MS + 1_000 }); // placed upstream, answered too late
    const { orderId, subscriptionId, link } = await pay(shop);
    await taskInState(shop.t, shop.admin, orderId, 'needs_review');
    const upstream = [...panel.standIn.orders].find(([, order]) => order.link === link);
    expect(upstream).toBeDefined();
    panel.standIn.setOrder(upstream![0], { status: 'Canceled' });

    const linked = await asAdmin(shop.t, shop.admin).post('/api/admin/fulfilment/link', { subscriptionId, upstreamOrderId: upstream![0] }).expect(200);
    expect(linked.body.subscription).toMatchObject({ Status: 3, fulfilment: { state: 'done', upstreamStatus: 'Canceled' } });
    // docs/refunds.md: the fulfilment module enqueues settle-shortfall when it records a final word;
    // the sweep (every minute) is the safety net for a lost job, not the way a refund starts.
    const done = await refundReaches(shop, orderId, 'processed');
    expect(done.refund).toMatchObject({ requested: PRICE, refunded: PRICE });
  });
});

describe('Automatic refunds left to staff (REFUND_UNDELIVERED=review)', () => {
  let panel: ProviderPanelUnderTest;
  let shop: Shop;

  beforeAll(async () => {
    panel = await startPanel();
    shop = await openShop(panel, { env: { REFUND_UNDELIVERED: 'review' } });
  });

  afterAll(async () => {
    await shop?.t.close();
    await panel?.close();
  });

  it('opens a request with the proposed amount when the provider cancels, refunds nothing until staff approve, then refunds it', async () => {
    const { orderId, subscriptionId, upstreamOrderId } = await placedOrder(shop);
    panel.standIn.setOrder(upstreamOrderId, { status: 'Canceled' });
    await syncNow(shop.t, shop.admin);

    const listed = await until(
      'the order finished short has its refund summary',
      () => completedOf(shop, orderId),
      (row) => Boolean(row?.refund),
    );
    expect(listed).toMatchObject({ Status: 3, refund: { state: null, requested: '0.00', refunded: '0.00', requestState: null } });
    const task = await taskOf(shop.t, shop.admin, orderId);
    expect(task.refund).toMatchObject({ requestState: 'open', requestId: expect.any(String), refundable: PRICE });
    expect(await refundRows(shop, orderId, 'open')).toEqual([
      expect.objectContaining({ kind: 'request', id: task.refund!.requestId, amount: PRICE, reason: 'undelivered', note: 'Canceled by the provider', subscriptionId }),
    ]);

    // Nothing moves by itself: not the sweep, not the job again, not another sync pass.
    const jobs = billingJobs(shop.t);
    expect(await jobs.sweep()).toMatchObject({ shortfalls: 0 });
    expect(await jobs.settleShortfall(subscriptionId)).toBe('not_due');
    await syncNow(shop.t, shop.admin);
    expect((await refundRows(shop, orderId)).map((row) => row.kind)).toEqual(['request']);
    expect(refundMails(shop, orderNumberOf(subscriptionId)).all).toEqual([]);

    const decided = await asAdmin(shop.t, shop.admin).post('/api/admin/refund-requests/decide', { requestId: task.refund!.requestId, approve: true }).expect(200);
    expect(decided.body).toMatchObject({ request: { state: 'approved' }, refund: { amount: PRICE, reason: 'undelivered' } });
    const done = await refundReaches(shop, orderId, 'processed');
    // The customer never asked: their card says refunded, not "request approved" (docs/refunds.md).
    expect(done.refund).toMatchObject({ requested: PRICE, refunded: PRICE, requestState: null });
    expect((await taskOf(shop.t, shop.admin, orderId)).fulfilment).toMatchObject({ margin: { amount: '0.00', currency: 'USD' } });
    const twice = await asAdmin(shop.t, shop.admin).post('/api/admin/refund-requests/decide', { requestId: task.refund!.requestId, approve: true }).expect(409);
    expect(twice.body.message).toBe('This refund request was already decided.');
    const mails = await until(
      'both refund mails are in the outbox',
      async () => refundMails(shop, orderNumberOf(subscriptionId)),
      (m) => m.processed.length > 0,
    );
    expect([mails.issued.length, mails.processed.length]).toEqual([1, 1]);
  });
});

describe('An automatic refund across a restart', () => {
  let panel: ProviderPanelUnderTest;
  let first: Shop | undefined;
  let second: TestApp | undefined;

  beforeAll(async () => {
    panel = await startPanel();
  });

  afterAll(async () => {
    await second?.close();
    await first?.t.close();
    await panel?.close();
  });

  it('stays one refund when the app stops before the gateway settles it: the restarted app finds it pending, its reconciler settles it, no job or sweep refunds again', async () => {
    // The sandbox settles a long while after; the app stops before that, which forgets the webhook to come.
    first = await openShop(panel, { durable: true, env: { SANDBOX_REFUND_SETTLE_MS: '3000' } });
    const { orderId, subscriptionId, upstreamOrderId } = await placedOrder(first);
    panel.standIn.setOrder(upstreamOrderId, { status: 'Canceled' });
    await syncNow(first.t, first.admin);
    const [handed] = await until(
      'the refund was handed to the gateway',
      () => refundRows(first!, orderId),
      (rows) => rows.length === 1 && rows[0].gatewayRefundId !== null,
    );
    await first.t.stop();

    const clock = new FakeClock();
    second = await createTestApp({ restartOf: first.t, env: panelEnv(panel, { SANDBOX_REFUND_SETTLE_MS: '3000' }), overrides: [{ provide: Clock, useValue: clock }] });
    const shop: Shop = { ...first, t: second, admin: (await adminToken(second)).token };
    const jobs = billingJobs(second);
    expect(await completedOf(shop, orderId)).toMatchObject({ refund: { state: 'pending', requested: PRICE, refunded: '0.00', refundedAt: null } });
    expect(await jobs.settleShortfall(subscriptionId)).toBe('not_due');
    await syncNow(second, shop.admin);
    // Within its quiet minute the reconciler leaves a pending refund to its own webhook.
    expect(await jobs.sweep()).toMatchObject({ checked: 0, shortfalls: 0 });

    // The sandbox settles on its own (real) time and answers from its table; the reconciler asks it once the minute is over.
    const gateway = second.app.get(PaymentGateway);
    await until(
      'the sandbox has settled the refund',
      () => gateway.refundState(handed.gatewayRefundId!),
      (answer) => answer.status === 'processed',
    );
    clock.advance(61_000);
    expect(await jobs.sweep()).toMatchObject({ shortfalls: 0 });
    expect(await completedOf(shop, orderId)).toMatchObject({ refund: { state: 'processed', requested: PRICE, refunded: PRICE } });
    expect(await jobs.sweep()).toMatchObject({ checked: 0, shortfalls: 0 });
    expect((await refundRows(shop, orderId)).map((row) => [row.kind, row.state, row.amount])).toEqual([['refund', 'processed', PRICE]]);
    const mails = await until(
      'the processed mail is in the outbox',
      async () => refundMails(shop, orderNumberOf(subscriptionId)),
      (m) => m.processed.length > 0,
    );
    expect([mails.issued.length, mails.processed.length]).toEqual([1, 1]);
  });
});
