import { anOrder, completePaymentWithFakes, InMemoryPaymentOrders, ManualClock } from '../../../../test/billing/in-memory';
import { RecordPurchaseUseCase } from '../../subscriptions/application/record-purchase.use-case';
import { ListAdminOrdersUseCase } from './list-admin-orders.use-case';

const admin = { id: '99999999-9999-4999-8999-999999999999', role: 'admin' } as const;
const MINUTE = 60_000;

describe('ListAdminOrdersUseCase', () => {
  let orders: InMemoryPaymentOrders;
  let clock: ManualClock;
  let fakes: ReturnType<typeof completePaymentWithFakes>;
  let useCase: ListAdminOrdersUseCase;
  const ago = (minutes: number) => new Date(clock.now().getTime() - minutes * MINUTE);

  beforeEach(() => {
    orders = new InMemoryPaymentOrders();
    clock = new ManualClock();
    fakes = completePaymentWithFakes(orders, clock);
    useCase = new ListAdminOrdersUseCase(orders, new RecordPurchaseUseCase(fakes.subscriptions), clock);
  });

  it('lists unpaid orders (created or failed) older than an hour, newest first, and not the fresh or paid ones', async () => {
    const old = anOrder({ createdAt: ago(180) });
    const declined = anOrder({ createdAt: ago(90), status: 'failed', failureReason: 'Card declined' });
    const fresh = anOrder({ createdAt: ago(59) });
    const paid = anOrder({ createdAt: ago(300) });
    for (const order of [old, declined, fresh, paid]) await orders.insert(order);
    await fakes.complete.execute(paid.orderId, 'pay_Paid0000000001', 'checkout');

    const page = await useCase.execute(admin, { kind: 'unpaid-stale', page: 1, limit: 10 });
    expect(page.items.map((o) => [o.orderId, o.status, o.failureReason])).toEqual([
      [declined.orderId, 'failed', 'Card declined'],
      [old.orderId, 'created', null],
    ]);
    expect(page).toMatchObject({ total: 2, totalIsExact: true, hasNext: false });

    clock.advance(2 * MINUTE);
    expect((await useCase.execute(admin, { kind: 'unpaid-stale', page: 1, limit: 10 })).total).toBe(3);
    expect((await useCase.execute(admin, { kind: 'unpaid-stale', page: 2, limit: 2 })).items.map((o) => o.orderId)).toEqual([old.orderId]);
  });

  it('lists paid orders with no subscription; an order paid through CompletePayment is never among them', async () => {
    const completed = anOrder({ createdAt: ago(10) });
    await orders.insert(completed);
    await fakes.complete.execute(completed.orderId, 'pay_Done0000000001', 'checkout');
    const orphan = anOrder({ createdAt: ago(20), status: 'paid', paymentId: 'pay_Orphan00000001', paidAt: ago(19) });
    await orders.insert(orphan);

    const page = await useCase.execute(admin, { kind: 'paid-without-subscription', page: 1, limit: 10 });
    expect(page.items.map((o) => o.orderId)).toEqual([orphan.orderId]);
    expect(page.total).toBe(1);
    expect(orders.get(completed.orderId)?.subscriptionId).toBe(fakes.subscriptions.rows[0].subscriptionId);
  });

  it('asks subscriptions about the page in one batch, notes the subscription an order does have, and leaves it out', async () => {
    const orphan = anOrder({ createdAt: ago(30), status: 'paid', paymentId: 'pay_Orphan00000002', paidAt: ago(29) });
    const unnoted = anOrder({ createdAt: ago(20), status: 'paid', paymentId: 'pay_Unnoted0000001', paidAt: ago(19) });
    await orders.insert(orphan);
    await orders.insert(unnoted);
    // A subscription written outside billing's transaction (an older release, a script).
    const sub = fakes.subscriptions.add(unnoted.userId, { orderId: unnoted.orderId });
    const batches: string[][] = [];
    const lookup = fakes.subscriptions.subscriptionIdsOfOrders.bind(fakes.subscriptions);
    jest.spyOn(fakes.subscriptions, 'subscriptionIdsOfOrders').mockImplementation(async (ids) => (batches.push(ids), lookup(ids)));

    const page = await useCase.execute(admin, { kind: 'paid-without-subscription', page: 1, limit: 10 });
    expect(page.items.map((o) => o.orderId)).toEqual([orphan.orderId]);
    expect(page.total).toBe(1);
    expect(batches).toEqual([[unnoted.orderId, orphan.orderId]]);
    expect(orders.get(unnoted.orderId)?.subscriptionId).toBe(sub.subscriptionId);
    expect((await useCase.execute(admin, { kind: 'paid-without-subscription', page: 1, limit: 10 })).total).toBe(1);
  });

  it('refuses a customer with 403', async () => {
    await expect(useCase.execute({ id: '11111111-1111-4111-8111-111111111111', role: 'customer' }, { kind: 'unpaid-stale', page: 1, limit: 10 })).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });
});

describe('CompletePayment and the admin lists', () => {
  it("hands the customer's address and name to the subscription, and notes the subscription on the order", async () => {
    const orders = new InMemoryPaymentOrders();
    const { complete, subscriptions } = completePaymentWithFakes(orders, new ManualClock());
    const order = anOrder({ email: 'ann@example.com', customerName: 'Ann Example' });
    await orders.insert(order);
    const { subscription } = await complete.execute(order.orderId, 'pay_Ann00000000001', 'checkout');
    expect(subscription).toMatchObject({ customerEmail: 'ann@example.com', customerName: 'Ann Example' });
    expect(subscriptions.rows).toHaveLength(1);
    expect(orders.get(order.orderId)).toMatchObject({ status: 'paid', subscriptionId: subscription!.subscriptionId });
  });

  it('turns a paid order without its subscription into one when its payment is proven again, and notes it', async () => {
    const orders = new InMemoryPaymentOrders();
    const { complete, subscriptions } = completePaymentWithFakes(orders, new ManualClock());
    const order = anOrder({ status: 'paid', paymentId: 'pay_Earlier00000001', paidAt: new Date() });
    await orders.insert(order);
    const { subscription, created } = await complete.execute(order.orderId, 'pay_Earlier00000001', 'webhook');
    expect(created).toBe(true);
    expect(subscriptions.rows).toHaveLength(1);
    expect(orders.get(order.orderId)?.subscriptionId).toBe(subscription!.subscriptionId);
  });
});
