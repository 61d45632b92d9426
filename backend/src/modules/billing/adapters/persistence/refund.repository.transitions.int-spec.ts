/**
 * The moves of refunds and refund requests (REFUND_TRANSITIONS and REFUND_REQUEST_TRANSITIONS in the
 * domain) as the repository makes them: every move tried from every state, against the in-memory
 * fake and the real repository, so the fake cannot drift from the SQL; and the tables' CHECKs name
 * the same states as the domain's tables.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration,
 * TypeORM, the UnitOfWork. Fake: InMemoryRefunds (the other side of the contract).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { anOrder } from '../../../../../test/billing/in-memory';
import { InMemoryRefunds } from '../../../../../test/billing/in-memory-refunds';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import type { RefundRepository } from '../../application/refund.repository.port';
import {
  REFUND_REQUEST_TRANSITIONS,
  REFUND_TRANSITIONS,
  refundKey,
  type Refund,
  type RefundRequest,
  type RefundRequestState,
  type RefundState,
  unsettledStates,
} from '../../domain/refund';
import { PaymentOrderOrmEntity } from './payment-order.orm-entity';
import { TypeOrmPaymentOrderRepository } from './payment-order.repository';
import { RefundOrmEntity, RefundRequestOrmEntity } from './refund.orm-entity';
import { TypeOrmRefundRepository } from './refund.repository';

const AT = new Date('2025-06-01T12:00:00Z');
const LATER = new Date('2025-06-02T12:00:00Z');
const REFUND_STATES = Object.keys(REFUND_TRANSITIONS) as RefundState[];
const REQUEST_STATES = Object.keys(REFUND_REQUEST_TRANSITIONS) as RefundRequestState[];

function refundIn(state: RefundState, orderId: string): Refund {
  const refundId = randomUUID();
  return {
    refundId,
    orderId,
    subscriptionId: null,
    paymentId: 'pay_Refunded',
    amount: 100,
    currency: 'USD',
    reason: 'staff',
    note: null,
    actor: { role: 'system', id: null },
    state,
    gatewayRefundId: null,
    idempotencyKey: refundKey(refundId),
    failureReason: state === 'failed' ? 'Declined before' : null,
    attempts: 0,
    createdAt: AT,
    settledAt: state === 'pending' ? null : AT,
    checkedAt: null,
  };
}

function requestIn(state: RefundRequestState, orderId: string): RefundRequest {
  const decided = state !== 'open';
  return {
    requestId: randomUUID(),
    orderId,
    subscriptionId: randomUUID(),
    source: 'customer',
    reason: 'Never came',
    amount: null,
    currency: 'USD',
    state,
    message: null,
    refundId: null,
    decidedBy: decided ? 'admin-before' : null,
    decidedAt: decided ? AT : null,
    createdAt: AT,
  };
}

interface Side {
  name: string;
  open(): Promise<{ refunds: RefundRepository; orderId: string; close(): Promise<void> }>;
}

const sides: Side[] = [
  { name: 'the in-memory fake', open: async () => ({ refunds: new InMemoryRefunds(), orderId: 'order_InMemory', close: async () => undefined }) },
  ...testDatabaseKinds().map((kind): Side => ({
    name: `the repository on ${kind}`,
    open: async () => {
      const db = await createTestDataSource([PaymentOrderOrmEntity, RefundOrmEntity, RefundRequestOrmEntity], kind);
      const [{ user_id: userId }] = await db.query(`INSERT INTO users (email, name) VALUES ('ann@example.com', 'Ann') RETURNING user_id`);
      // Paid enough for every refund of the spec (the order's refunds may not add up to more).
      const order = anOrder({ userId, status: 'paid', paymentId: 'pay_Refunded', paidAt: AT, amount: 1_000_000 });
      await new TypeOrmPaymentOrderRepository(new UnitOfWork(db)).insert(order);
      return { refunds: new TypeOrmRefundRepository(new UnitOfWork(db)), orderId: order.orderId, close: () => db.destroy() };
    },
  })),
];

describe.each(sides)('refund and refund request moves: $name', (side) => {
  let refunds: RefundRepository;
  let orderId: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ refunds, orderId, close } = await side.open());
  });

  afterAll(async () => {
    await close?.();
  });

  const settlements = REFUND_STATES.flatMap((from) => (['processed', 'failed'] as const).map((to) => [from, to] as const));
  it.each(settlements)('settle a %s refund as %s: moves only where the table allows', async (from, to) => {
    const refund = refundIn(from, orderId);
    expect(await refunds.insert(refund)).toBe('inserted');
    const allowed = REFUND_TRANSITIONS[from].includes(to);
    expect(await refunds.settle(refund.refundId, to, LATER, 'Declined now')).toBe(allowed);
    const after = (await refunds.findById(refund.refundId))!;
    expect(after.state).toBe(allowed ? to : from);
    if (!allowed) expect(after).toMatchObject({ failureReason: refund.failureReason, settledAt: refund.settledAt });
  });

  it.each(REFUND_STATES)('a %s refund is asked about and counted only while it may still move', async (state) => {
    const refund = refundIn(state, orderId);
    await refunds.insert(refund);
    await refunds.noteAttempt(refund.refundId, 'No answer', LATER);
    const unsettled = unsettledStates(REFUND_TRANSITIONS).includes(state);
    expect((await refunds.findById(refund.refundId))!.attempts).toBe(unsettled ? 1 : 0);
    const due = (await refunds.duePending(LATER, 1_000)).map((r) => r.refundId);
    expect(due.includes(refund.refundId)).toBe(unsettled);
  });

  const decisions = REQUEST_STATES.flatMap((from) => (['approved', 'declined'] as const).map((to) => [from, to] as const));
  it.each(decisions)('decide a %s request as %s: moves only where the table allows', async (from, to) => {
    const request = requestIn(from, orderId);
    expect(await refunds.insertRequest(request)).toBe('inserted');
    const allowed = REFUND_REQUEST_TRANSITIONS[from].includes(to);
    expect(await refunds.decideRequest(request.requestId, { state: to, message: 'Decided', refundId: null, decidedBy: 'admin-now' }, LATER)).toBe(allowed);
    const after = (await refunds.findRequest(request.requestId))!;
    expect(after).toMatchObject(allowed ? { state: to, decidedBy: 'admin-now', message: 'Decided' } : { state: from, decidedBy: request.decidedBy, message: null });
  });

  it('a settled refund and a decided request are the end: the tables let them go nowhere', () => {
    expect([REFUND_TRANSITIONS.processed, REFUND_TRANSITIONS.failed, REFUND_REQUEST_TRANSITIONS.approved, REFUND_REQUEST_TRANSITIONS.declined]).toEqual([[], [], [], []]);
  });
});

describe.each(testDatabaseKinds())('refund states in the tables on %s', (kind) => {
  let db: DataSource;

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it("the tables' CHECKs name the states of the domain's tables", async () => {
    const statesOf = async (table: string) => {
      const rows: Array<{ def: string }> = await db.query(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%state%'`,
        [table],
      );
      expect(rows).toHaveLength(1);
      return [...rows[0].def.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]).sort();
    };
    expect(await statesOf('refunds')).toEqual([...REFUND_STATES].sort());
    expect(await statesOf('refund_requests')).toEqual([...REQUEST_STATES].sort());
  });
});
