/**
 * The payment order's moves (ORDER_TRANSITIONS in the domain) as the repository makes them: the
 * same cases against the in-memory fake the use-case specs use and the real repository, so the
 * fake cannot drift from the SQL.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration,
 * TypeORM, the UnitOfWork. Fake: InMemoryPaymentOrders (the other side of the contract).
 */
import type { DataSource } from 'typeorm';
import { InMemoryPaymentOrders, anOrder } from '../../../../../test/billing/in-memory';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import type { PaymentOrderRepository } from '../../application/payment-order.repository.port';
import { ORDER_TRANSITIONS, type OrderStatus, type PaymentOrder } from '../../domain/payment-order';
import { PaymentOrderOrmEntity } from './payment-order.orm-entity';
import { TypeOrmPaymentOrderRepository } from './payment-order.repository';

const AT = new Date('2025-06-01T12:00:00Z');
const STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];

/** An order in `status`, with what a row in that status carries (the table's CHECKs ask for it). */
function orderIn(status: OrderStatus, userId: string): PaymentOrder {
  const paid = status === 'paid' ? { paymentId: 'pay_Before', paidAt: AT } : {};
  const failed = status === 'failed' ? { failureReason: 'Card declined' } : {};
  return anOrder({ userId, status, ...paid, ...failed });
}

interface Side {
  name: string;
  open(): Promise<{ orders: PaymentOrderRepository; userId: string; close(): Promise<void> }>;
}

const sides: Side[] = [
  {
    name: 'the in-memory fake',
    open: async () => ({ orders: new InMemoryPaymentOrders(), userId: '11111111-1111-4111-8111-111111111111', close: async () => undefined }),
  },
  ...testDatabaseKinds().map((kind): Side => ({
    name: `the repository on ${kind}`,
    open: async () => {
      const dataSource: DataSource = await createTestDataSource([PaymentOrderOrmEntity], kind);
      const [{ user_id: userId }] = await dataSource.query(`INSERT INTO users (email, name) VALUES ('ann@example.com', 'Ann') RETURNING user_id`);
      return { orders: new TypeOrmPaymentOrderRepository(new UnitOfWork(dataSource)), userId, close: () => dataSource.destroy() };
    },
  })),
];

describe.each(sides)('payment order moves: $name', (side) => {
  let orders: PaymentOrderRepository;
  let userId: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ orders, userId, close } = await side.open());
  });

  afterAll(async () => {
    await close?.();
  });

  it.each(STATUSES)('markFailed on a %s order moves it only where the table allows', async (from) => {
    const order = orderIn(from, userId);
    await orders.insert(order);
    await orders.markFailed(order.orderId, 'Card declined again');
    const after = (await orders.findById(order.orderId))!;
    if (ORDER_TRANSITIONS[from].includes('failed')) {
      expect(after).toMatchObject({ status: 'failed', failureReason: 'Card declined again' });
    } else {
      expect(after).toMatchObject({ status: from, failureReason: order.failureReason, paymentId: order.paymentId });
    }
  });

  it.each(STATUSES)('markVoid on a %s order pays it void only where the table allows', async (from) => {
    const order = orderIn(from, userId);
    await orders.insert(order);
    await orders.markVoid(order.orderId, 'pay_Late', AT, 'expired');
    const after = (await orders.findById(order.orderId))!;
    if (ORDER_TRANSITIONS[from].includes('paid')) {
      expect(after).toMatchObject({ status: 'paid', paymentId: 'pay_Late', voidReason: 'expired', failureReason: null });
    } else {
      // A paid order never changes again: not its payment, not its reason.
      expect(after).toMatchObject({ status: 'paid', paymentId: 'pay_Before', voidReason: null });
    }
  });

  it('a paid order is the end: the table lets it go nowhere', () => {
    expect(ORDER_TRANSITIONS.paid).toEqual([]);
  });
});
