/**
 * The refill's moves (REFILL_MOVES in the domain) as the refill ledger makes them: every move tried
 * from every state, so the SQL cannot drift from the table; and the table's CHECK names the same
 * states as the domain.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration,
 * TypeORM, the UnitOfWork, TypeOrmSubscriptionRepository (to store purchases as billing does).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { purchased } from '../../../../../test/subscriptions/support';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { REFILL_STATES, type RefillState } from '../../../../kernel/delivery-summary';
import { SubscriptionOrmEntity } from '../../../subscriptions/adapters/persistence/subscription.orm-entity';
import { TypeOrmSubscriptionRepository } from '../../../subscriptions/adapters/persistence/subscription.repository';
import { mayMakeRefillMove, REFILL_IN_FLIGHT, REFILL_MOVES, REFILL_REQUESTED } from '../../domain/refill';
import { TypeOrmRefillLedger } from './refill-ledger.repository';

const NOW = new Date('2025-05-01T10:00:00Z');
const LATER = new Date('2025-05-01T11:00:00Z');
type MoveName = keyof typeof REFILL_MOVES;

describe.each(testDatabaseKinds())('refill moves on %s', (kind) => {
  let dataSource: DataSource;
  let ledger: TypeOrmRefillLedger;
  let userId: string;
  let subscriptions: TypeOrmSubscriptionRepository;

  beforeAll(async () => {
    dataSource = await createTestDataSource([SubscriptionOrmEntity], kind);
    const uow = new UnitOfWork(dataSource);
    subscriptions = new TypeOrmSubscriptionRepository(uow);
    ledger = new TypeOrmRefillLedger(uow, subscriptions);
    [{ user_id: userId }] = await dataSource.query(`INSERT INTO users (email, name) VALUES ('creator@example.com', 'Creator') RETURNING user_id`);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const stateOf = async (refillId: string): Promise<RefillState | null> =>
    ((await dataSource.query(`SELECT state FROM refills WHERE refill_id = $1`, [refillId])) as Array<{ state: RefillState }>)[0]?.state ?? null;

  /** A refill in `state` on an order of its own, reached through the ledger's own moves (each checked). */
  async function refillIn(state: RefillState): Promise<{ refillId: string; subscriptionId: string }> {
    const subscriptionId = await purchased(subscriptions, userId);
    const refillId = randomUUID();
    expect(await ledger.insertPlacing({ refillId, subscriptionId, actor: 'customer', actorId: userId, upstreamOrderId: '9001', requestedAt: NOW })).toBe(true);
    if (state === 'placing') return { refillId, subscriptionId };
    if (state === 'rejected') expect(await ledger.reject(refillId, 'Refill is not allowed', false, NOW)).toBe(true);
    if (state === 'review') expect(await ledger.toReview(refillId, 'The panel did not answer', NOW)).toBe(true);
    if (state === 'open' || state === 'completed') expect(await ledger.markPlaced(refillId, '77', NOW)).toBe(true);
    if (state === 'completed') await ledger.recordStatuses([{ refillId, upstreamStatus: 'Completed', settle: 'completed' }], NOW);
    expect(await stateOf(refillId)).toBe(state);
    return { refillId, subscriptionId };
  }

  /** Each move made through the ledger's method that makes it; true/false when the method says whether it moved. */
  const make: Record<MoveName, (refill: { refillId: string; subscriptionId: string }) => Promise<boolean | undefined>> = {
    markPlaced: ({ refillId }) => ledger.markPlaced(refillId, '78', LATER),
    reject: ({ refillId }) => ledger.reject(refillId, 'Refused', false, LATER),
    toReview: ({ refillId }) => ledger.toReview(refillId, 'Unclear answer', LATER),
    abandonPlacing: async ({ refillId }) => (await ledger.abandonPlacingBefore(LATER, 'Placing for too long', LATER)).includes(refillId),
    complete: async ({ refillId }) => {
      await ledger.recordStatuses([{ refillId, upstreamStatus: 'Completed', settle: 'completed' }], LATER);
      return undefined;
    },
    settleRejected: async ({ refillId }) => {
      await ledger.recordStatuses([{ refillId, upstreamStatus: 'Rejected', settle: 'rejected' }], LATER);
      return undefined;
    },
    lostUpstream: async ({ refillId }) => {
      await ledger.recordStatuses([{ refillId, upstreamStatus: null, error: 'Refill not found', review: true }], LATER);
      return undefined;
    },
    closeReview: async ({ refillId, subscriptionId }) => (await ledger.closeReview(subscriptionId, 'Placed a new one', LATER)) === refillId,
  };

  const cases = (Object.keys(REFILL_MOVES) as MoveName[]).flatMap((move) => REFILL_STATES.map((from) => [move, from] as const));

  it.each(cases)('%s from %s: moves only where the table allows, to where it says', async (move, from) => {
    const refill = await refillIn(from);
    const said = await make[move](refill);
    const allowed = mayMakeRefillMove(REFILL_MOVES[move], from);
    expect(await stateOf(refill.refillId)).toBe(allowed ? REFILL_MOVES[move].to : from);
    if (said !== undefined) expect(said).toBe(allowed);
  });

  it('discards only a refill still requested, and a second request waits while one is in flight', async () => {
    for (const state of REFILL_STATES) {
      const refill = await refillIn(state);
      expect(await ledger.discard(refill.refillId)).toBe(state === REFILL_REQUESTED);
      expect(await stateOf(refill.refillId)).toBe(state === REFILL_REQUESTED ? null : state);
      if (state === REFILL_REQUESTED) continue;
      const again = await ledger.insertPlacing({
        refillId: randomUUID(),
        subscriptionId: refill.subscriptionId,
        actor: 'staff',
        actorId: userId,
        upstreamOrderId: '9001',
        requestedAt: LATER,
      });
      expect(again).toBe(!REFILL_IN_FLIGHT.includes(state));
    }
  });

  it("every state is reached, the ends (completed, rejected) are left by no move, and the table's CHECK names the domain's states", async () => {
    const moves = Object.values(REFILL_MOVES);
    for (const state of REFILL_STATES) expect(state === REFILL_REQUESTED || moves.some((move) => move.to === state)).toBe(true);
    for (const end of ['completed', 'rejected'] as const) expect(moves.filter((move) => mayMakeRefillMove(move, end))).toEqual([]);
    expect(REFILL_IN_FLIGHT).toEqual(['placing', 'open', 'review']);
    const [{ check }] = (await dataSource.query(
      // This spec's own table ('refills'::regclass, by the search path): another suite's schema being dropped meanwhile is not read.
      `SELECT pg_get_constraintdef(c.oid) AS check FROM pg_constraint c
        WHERE c.conrelid = 'refills'::regclass AND c.contype = 'c' AND pg_get_constraintdef(c.oid) LIKE '%state = ANY%' AND pg_get_constraintdef(c.oid) NOT LIKE '%upstream_refill_id%'`,
    )) as Array<{ check: string }>;
    expect([...check.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort()).toEqual([...REFILL_STATES].sort());
  });
});
