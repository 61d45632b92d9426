import { anOrder, completePaymentWithFakes, InMemoryPaymentOrders, ManualClock } from '../../../../test/billing/in-memory';

describe('CompletePayment hands each new subscription to fulfilment', () => {
  it("once, inside the payment's transaction, and not again when the payment is proven a second time", async () => {
    const orders = new InMemoryPaymentOrders();
    const order = anOrder();
    await orders.insert(order);
    const { complete, intake } = completePaymentWithFakes(orders, new ManualClock());

    const first = await complete.execute(order.orderId, 'pay_1', 'checkout');
    await complete.execute(order.orderId, 'pay_1', 'webhook');

    expect(first.created).toBe(true);
    expect(intake.accepted).toEqual([{ subscriptionId: first.subscription!.subscriptionId, insideTransaction: true }]);
  });
});

describe('CompletePayment honours a payment only while the offer stands (docs/payments.md#order-lifetime)', () => {
  const MINUTE = 60_000;

  async function setUp(overrides = {}) {
    const orders = new InMemoryPaymentOrders();
    const order = anOrder(overrides);
    await orders.insert(order);
    const clock = new ManualClock();
    const fakes = completePaymentWithFakes(orders, clock);
    return { orders, order, clock, ...fakes };
  }

  it('refunds in full, and makes no subscription of, a payment made after the lifetime at a price that has changed', async () => {
    const { orders, order, clock, complete, tiers, refunds, subscriptions, intake, mailer } = await setUp();
    tiers.setPrice(order.tier.pricingId, '59.99');
    clock.advance(31 * MINUTE);

    const outcome = await complete.execute(order.orderId, 'pay_Late0000000001', 'checkout');

    expect(outcome).toMatchObject({ subscription: null, created: false, order: { status: 'paid', paymentId: 'pay_Late0000000001', voidReason: 'expired' } });
    expect(orders.get(order.orderId)).toMatchObject({ status: 'paid', paymentId: 'pay_Late0000000001', voidReason: 'expired', subscriptionId: null });
    expect(subscriptions.rows).toHaveLength(0);
    expect(intake.accepted).toEqual([]);
    // Recorded with the payment, in its transaction; sent to the gateway after the commit.
    expect(refunds.recorded).toEqual([
      {
        orderId: order.orderId,
        amount: null,
        reason: 'not_honoured',
        note: 'Not honoured: paid after the order expired, at a price that has changed since. Refunded in full.',
        actor: { role: 'system', id: null },
        idempotencyKey: `void-${order.orderId}`,
        insideTransaction: true,
      },
    ]);
    expect(refunds.sent.map((r) => r.orderId)).toEqual([order.orderId]);
    expect(mailer.sent.map((m) => m.subject)).toEqual([`Your payment is being refunded: YouTube Growth (${order.orderId})`]);

    // Proven again (the webhook after the browser): nothing more is refunded, mailed or made.
    const again = await complete.execute(order.orderId, 'pay_Late0000000001', 'webhook');
    expect(again).toMatchObject({ subscription: null, refund: null, order: { voidReason: 'expired' } });
    expect(refunds.recorded).toHaveLength(1);
    expect(refunds.sent).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('refunds a payment for a plan or tier withdrawn from sale, even within the lifetime', async () => {
    const { order, complete, tiers, refunds, subscriptions } = await setUp();
    tiers.withdraw(order.tier.pricingId);
    const outcome = await complete.execute(order.orderId, 'pay_Withdrawn00001', 'webhook');
    expect(outcome).toMatchObject({ subscription: null, order: { voidReason: 'withdrawn' } });
    expect(refunds.recorded.map((r) => r.note)).toEqual(['Not honoured: the plan or package was withdrawn from sale before the payment came in. Refunded in full.']);
    expect(subscriptions.rows).toHaveLength(0);
  });

  it('honours a payment within the lifetime at the price it was made at, even if the price changed since', async () => {
    const { order, clock, complete, tiers, refunds } = await setUp();
    tiers.setPrice(order.tier.pricingId, '59.99');
    clock.advance(29 * MINUTE);
    const outcome = await complete.execute(order.orderId, 'pay_InTime0000001', 'checkout');
    expect(outcome.created).toBe(true);
    expect(outcome.subscription?.pricing.price).toBe('49.99');
    expect(refunds.recorded).toEqual([]);
  });

  it('honours a late payment when the offer still stands as bought (same price and currency)', async () => {
    const { order, clock, complete, refunds } = await setUp();
    clock.advance(3 * 24 * 60 * MINUTE);
    expect((await complete.execute(order.orderId, 'pay_LateSame000001', 'checkout')).created).toBe(true);
    expect(refunds.recorded).toEqual([]);
  });

  it('goes by when the gateway says the payment was made, not when the shop learns of it', async () => {
    const { order, clock, complete, tiers, refunds } = await setUp();
    tiers.setPrice(order.tier.pricingId, '59.99');
    clock.advance(6 * 60 * MINUTE); // the webhook was lost; the sweep finds the payment hours later
    const madeAt = new Date(order.createdAt.getTime() + 10 * MINUTE);
    expect((await complete.execute(order.orderId, 'pay_MadeInTime0001', 'reconcile', undefined, madeAt)).created).toBe(true);
    expect(refunds.recorded).toEqual([]);
  });

  it('leaves an order paid before alone: a paid order never changes, whatever the offer does', async () => {
    const { orders, order, clock, complete, tiers, refunds } = await setUp();
    await complete.execute(order.orderId, 'pay_First00000001', 'checkout');
    tiers.withdraw(order.tier.pricingId);
    clock.advance(31 * MINUTE);
    const again = await complete.execute(order.orderId, 'pay_First00000001', 'webhook');
    expect(again.subscription).not.toBeNull();
    expect(orders.get(order.orderId)?.voidReason).toBeNull();
    expect(refunds.recorded).toEqual([]);
  });
});
