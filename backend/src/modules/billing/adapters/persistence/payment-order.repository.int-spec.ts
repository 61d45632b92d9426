/**
 * TypeOrmPaymentOrderRepository's admin lists (pageForAdmin) and subscription notes on a real
 * database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration
 * (the partial indexes of migration admin-lists), TypeORM, the UnitOfWork. Fake: nothing (the
 * customer is inserted by SQL, as the foreign key needs one).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { anOrder } from '../../../../../test/billing/in-memory';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { PaymentOrderOrmEntity } from './payment-order.orm-entity';
import { TypeOrmPaymentOrderRepository } from './payment-order.repository';

describe.each(testDatabaseKinds())('payment orders for the admin on %s', (kind) => {
  let dataSource: DataSource;
  let orders: TypeOrmPaymentOrderRepository;
  let userId: string;
  const NOW = new Date('2025-06-01T12:00:00Z');
  const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
  const hourAgo = ago(60);
  const ids = (page: { items: Array<{ orderId: string }> }) => page.items.map((o) => o.orderId);

  beforeAll(async () => {
    dataSource = await createTestDataSource([PaymentOrderOrmEntity], kind);
    orders = new TypeOrmPaymentOrderRepository(new UnitOfWork(dataSource));
    [{ user_id: userId }] = await dataSource.query(`INSERT INTO users (email, name) VALUES ('ann@example.com', 'Ann') RETURNING user_id`);
    const put = (orderId: string, extra: object) => orders.insert(anOrder({ orderId, userId, customerName: 'Ann Example', ...extra }));
    await put('order_Stale1', { createdAt: ago(180) });
    await put('order_Stale2', { createdAt: ago(120), status: 'failed', failureReason: 'Card declined' });
    await put('order_Fresh', { createdAt: ago(30) });
    await put('order_PaidLinked', { createdAt: ago(240), status: 'paid', paymentId: 'pay_1', paidAt: ago(239), subscriptionId: randomUUID() });
    await put('order_PaidOrphan1', { createdAt: ago(200), status: 'paid', paymentId: 'pay_2', paidAt: ago(199) });
    await put('order_PaidOrphan2', { createdAt: ago(100), status: 'paid', paymentId: 'pay_3', paidAt: ago(99) });
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('keeps the customer name and the subscription note of an order', async () => {
    expect(await orders.findById('order_Stale1')).toMatchObject({ customerName: 'Ann Example', subscriptionId: null });
    expect((await orders.findById('order_PaidLinked'))?.subscriptionId).toEqual(expect.any(String));
  });

  it('lists unpaid orders made before the cut-off, newest first, with the paging facts', async () => {
    const page = await orders.pageForAdmin('unpaid-stale', hourAgo, 1, 10);
    expect(ids(page)).toEqual(['order_Stale2', 'order_Stale1']);
    expect(page.items[0]).toMatchObject({ status: 'failed', failureReason: 'Card declined', email: 'ann@example.com', amount: 4999, currency: 'USD' });
    expect(page).toMatchObject({ total: 2, totalIsExact: true, hasNext: false });
    expect(await orders.pageForAdmin('unpaid-stale', hourAgo, 1, 1)).toMatchObject({ total: 2, hasNext: true });
    expect(await orders.pageForAdmin('unpaid-stale', hourAgo, 3, 1)).toEqual({ items: [], total: 2, totalIsExact: true, hasNext: false });
  });

  it('lists paid orders with no subscription noted, and drops one once it is noted', async () => {
    expect(ids(await orders.pageForAdmin('paid-without-subscription', hourAgo, 1, 10))).toEqual(['order_PaidOrphan2', 'order_PaidOrphan1']);
    await orders.linkSubscription('order_PaidOrphan2', randomUUID());
    const page = await orders.pageForAdmin('paid-without-subscription', hourAgo, 1, 10);
    expect(ids(page)).toEqual(['order_PaidOrphan1']);
    expect(page.total).toBe(1);
  });

  it('notes the subscription when marking an order paid', async () => {
    const subscriptionId = randomUUID();
    await orders.markPaid('order_Fresh', 'pay_Fresh', NOW, subscriptionId);
    expect(await orders.findById('order_Fresh')).toMatchObject({ status: 'paid', subscriptionId });
    expect(ids(await orders.pageForAdmin('paid-without-subscription', hourAgo, 1, 10))).toEqual(['order_PaidOrphan1']);
  });
});
