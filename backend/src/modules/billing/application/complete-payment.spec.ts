import { anOrder, completePaymentWithFakes, InMemoryPaymentOrders, ManualClock } from '../../../../test/billing/in-memory';

describe('CompletePayment hands each new subscription to fulfilment', () => {
  it('once, inside the payment\'s transaction, and not again when the payment is proven a second time', async () => {
    const orders = new InMemoryPaymentOrders();
    const order = anOrder();
    await orders.insert(order);
    const { complete, intake } = completePaymentWithFakes(orders, new ManualClock());

    const first = await complete.execute(order.orderId, 'pay_1', 'checkout');
    await complete.execute(order.orderId, 'pay_1', 'webhook');

    expect(first.created).toBe(true);
    expect(intake.accepted).toEqual([{ subscriptionId: first.subscription.subscriptionId, insideTransaction: true }]);
  });
});
