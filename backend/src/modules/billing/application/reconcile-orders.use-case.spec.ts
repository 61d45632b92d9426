import { orderNumberOf } from '@growth/contracts';
import { Logger } from '@nestjs/common';
import { FakeGateway, InMemoryPaymentOrders, ManualClock, anOrder, completePaymentWithFakes } from '../../../../test/billing/in-memory';
import type { InMemorySubscriptions } from '../../../../test/subscriptions/in-memory';
import type { PaymentOrder } from '../domain/payment-order';
import { ReconcileOrdersUseCase, STUCK_AFTER_MS } from './reconcile-orders.use-case';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('ReconcileOrdersUseCase (the stuck-order sweep)', () => {
  let clock: ManualClock;
  let orders: InMemoryPaymentOrders;
  let gateway: FakeGateway;
  let subscriptions: InMemorySubscriptions;
  let mailer: ReturnType<typeof completePaymentWithFakes>['mailer'];
  let sweep: ReconcileOrdersUseCase;

  beforeEach(() => {
    for (const level of ['log', 'warn', 'error'] as const) jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
    clock = new ManualClock();
    orders = new InMemoryPaymentOrders();
    gateway = new FakeGateway();
    const fakes = completePaymentWithFakes(orders, clock);
    subscriptions = fakes.subscriptions;
    mailer = fakes.mailer;
    sweep = new ReconcileOrdersUseCase(orders, gateway, fakes.complete, clock);
  });

  afterEach(() => jest.restoreAllMocks());

  /** Stores an unpaid order made `age` ago. */
  async function orderAged(age: number, overrides: Partial<PaymentOrder> = {}): Promise<PaymentOrder> {
    const order = anOrder({ createdAt: new Date(clock.now().getTime() - age), ...overrides });
    await orders.insert(order);
    return order;
  }

  it('completes a stuck order with a captured payment of its amount: subscription, paid order, one mail', async () => {
    const order = await orderAged(6 * MINUTE);
    gateway.pay(order, 'failed');
    const captured = gateway.pay(order, 'captured');

    const report = await sweep.execute();

    expect(report).toEqual({ checked: 1, completed: 1, failed: 0, unreachable: 0, refunded: 0, errors: 0 });
    expect(orders.get(order.orderId)).toMatchObject({ status: 'paid', paymentId: captured.id, paidAt: clock.now() });
    expect(subscriptions.rows).toEqual([expect.objectContaining({ orderId: order.orderId, paymentId: captured.id, userId: order.userId, status: 0 })]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: order.email, subject: `Order confirmed: YouTube Growth (${orderNumberOf(subscriptions.rows[0].subscriptionId)})` });
    expect(mailer.sent[0].text).toContain(`Order number: ${orderNumberOf(subscriptions.rows[0].subscriptionId)}`);
    expect(mailer.sent[0].text).toContain('Amount: 49.99 USD');
    expect(mailer.sent[0].text).toContain(`Payment ID: ${captured.id}`);

    // A second sweep finds nothing left to do.
    expect(await sweep.execute()).toEqual({ checked: 0, completed: 0, failed: 0, unreachable: 0, refunded: 0, errors: 0 });
    expect(subscriptions.rows).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('leaves a fresh order alone (its checkout may still come back) without asking the gateway', async () => {
    const order = await orderAged(STUCK_AFTER_MS - MINUTE);
    gateway.pay(order, 'captured');

    const report = await sweep.execute();

    expect(report.checked).toBe(0);
    expect(gateway.asked).toEqual([]);
    expect(orders.get(order.orderId)?.status).toBe('created');
    expect(subscriptions.rows).toHaveLength(0);
  });

  it('fails an order whose attempts all failed only once it is older than 30 minutes, with the decline reason', async () => {
    const recent = await orderAged(29 * MINUTE);
    const old = await orderAged(31 * MINUTE);
    for (const order of [recent, old]) gateway.pay(order, 'failed', { errorDescription: 'Card declined by the issuer' });

    const report = await sweep.execute();

    expect(report).toMatchObject({ checked: 2, completed: 0, failed: 1 });
    expect(orders.get(recent.orderId)).toMatchObject({ status: 'created', failureReason: null });
    expect(orders.get(old.orderId)).toMatchObject({ status: 'failed', failureReason: 'Card declined by the issuer' });
    expect(subscriptions.rows).toHaveLength(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('does not fail an old order while one of its attempts is not a failure (still in checkout, authorized)', async () => {
    const inCheckout = await orderAged(45 * MINUTE);
    gateway.pay(inCheckout, 'failed');
    gateway.pay(inCheckout, 'created');
    const authorized = await orderAged(45 * MINUTE);
    gateway.pay(authorized, 'authorized');

    const report = await sweep.execute();

    expect(report).toMatchObject({ checked: 2, completed: 0, failed: 0 });
    expect(orders.get(inCheckout.orderId)?.status).toBe('created');
    expect(orders.get(authorized.orderId)?.status).toBe('created');
  });

  it('fails an order without any attempt only once it is older than 24 hours', async () => {
    const dayOld = await orderAged(23 * HOUR);
    const older = await orderAged(25 * HOUR);

    const report = await sweep.execute();

    expect(report).toMatchObject({ checked: 2, failed: 1 });
    expect(orders.get(dayOld.orderId)?.status).toBe('created');
    expect(orders.get(older.orderId)).toMatchObject({ status: 'failed', failureReason: 'No payment was made for this order.' });
  });

  it('no longer asks about orders older than 7 days', async () => {
    const ancient = await orderAged(8 * 24 * HOUR);
    gateway.pay(ancient, 'captured');

    expect((await sweep.execute()).checked).toBe(0);
    expect(gateway.asked).toEqual([]);
    expect(orders.get(ancient.orderId)?.status).toBe('created');
  });

  it('counts an unreachable gateway and goes on with the next order', async () => {
    const first = await orderAged(20 * MINUTE);
    const second = await orderAged(10 * MINUTE);
    gateway.unreachable.add(first.orderId);
    gateway.pay(first, 'captured');
    const captured = gateway.pay(second, 'captured');

    const report = await sweep.execute();

    expect(gateway.asked).toEqual([first.orderId, second.orderId]);
    expect(report).toEqual({ checked: 2, completed: 1, failed: 0, unreachable: 1, refunded: 0, errors: 0 });
    expect(orders.get(first.orderId)?.status).toBe('created');
    expect(orders.get(second.orderId)).toMatchObject({ status: 'paid', paymentId: captured.id });

    // Once the gateway answers again, the next sweep completes the first one.
    gateway.unreachable.clear();
    expect(await sweep.execute()).toMatchObject({ checked: 1, completed: 1, unreachable: 0 });
    expect(orders.get(first.orderId)?.status).toBe('paid');
  });

  it.each([
    ['less', { amount: 4998 }],
    ['more', { amount: 5000 }],
    ['another currency', { currency: 'INR' }],
  ])('does not complete an order whose captured payment is for %s', async (_what, payment) => {
    const order = await orderAged(45 * MINUTE);
    gateway.pay(order, 'captured', payment);

    const report = await sweep.execute();

    expect(report).toMatchObject({ checked: 1, completed: 0, failed: 0 });
    expect(orders.get(order.orderId)).toMatchObject({ status: 'created', paymentId: null });
    expect(subscriptions.rows).toHaveLength(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('writes the confirmation mail in the same unit of work as the subscription, so they commit together', async () => {
    const order = await orderAged(10 * MINUTE);
    gateway.pay(order, 'captured');

    expect(await sweep.execute()).toMatchObject({ completed: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual([order.email]);
    expect(mailer.sentInsideUnitOfWork).toEqual([true]);
  });

  it('counts an order whose mail cannot be written as an error of the sweep (its transaction rolls back), and goes on', async () => {
    const first = await orderAged(10 * MINUTE);
    const second = await orderAged(9 * MINUTE);
    gateway.pay(first, 'captured');
    gateway.pay(second, 'captured');
    mailer.failing = true;

    await expect(sweep.execute()).rejects.toThrow('Stuck-order sweep: 2 of 2 orders could not be checked');
    expect(gateway.asked).toEqual([first.orderId, second.orderId]);
  });

  it('gives every stuck order its turn: more than a batch are checked over successive sweeps, least recently checked first', async () => {
    const stuck = [];
    for (let i = 0; i < 150; i++) stuck.push(await orderAged(2 * HOUR - i * 1000));
    const first = await sweep.execute();
    expect(first.checked).toBe(100);
    clock.advance(MINUTE);
    const second = await sweep.execute();
    expect(second.checked).toBe(100);
    const askedOnce = new Set(gateway.asked);
    expect(askedOnce.size).toBe(150);
    expect(stuck.every((o) => askedOnce.has(o.orderId))).toBe(true);
  });

  it('keeps asking about a declined order for an hour, and completes it when a later attempt was captured', async () => {
    const order = await orderAged(20 * MINUTE, { status: 'failed', failureReason: 'Card declined' });
    gateway.pay(order, 'failed');
    const captured = gateway.pay(order, 'captured');
    const report = await sweep.execute();
    expect(report.completed).toBe(1);
    expect(orders.get(order.orderId)).toMatchObject({ status: 'paid', paymentId: captured.id });

    const old = await orderAged(2 * HOUR, { status: 'failed' });
    gateway.pay(old, 'captured');
    await sweep.execute();
    expect(gateway.asked).not.toContain(old.orderId);
  });

  it('goes on with the other orders when one fails unexpectedly, then fails the job so the queue records it', async () => {
    const broken = await orderAged(10 * MINUTE);
    const fine = await orderAged(9 * MINUTE);
    gateway.pay(broken, 'captured');
    const captured = gateway.pay(fine, 'captured');
    const markPaid = orders.markPaid.bind(orders);
    jest.spyOn(orders, 'markPaid').mockImplementation(async (orderId, paymentId, at) => {
      if (orderId === broken.orderId) throw new Error('connection terminated unexpectedly');
      return markPaid(orderId, paymentId, at);
    });
    await expect(sweep.execute()).rejects.toThrow('Stuck-order sweep: 1 of 2 orders could not be checked');
    expect(orders.get(fine.orderId)).toMatchObject({ status: 'paid', paymentId: captured.id });
    expect(orders.get(broken.orderId)?.status).toBe('created');
  });
});
