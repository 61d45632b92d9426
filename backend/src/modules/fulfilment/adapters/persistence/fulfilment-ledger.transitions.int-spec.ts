/**
 * The fulfilment's moves (FULFILMENT_MOVES in the domain) as the ledger makes them: every move tried
 * from every state, the same cases against the in-memory fake the use-case specs use and the real
 * ledger, so the fake cannot drift from the SQL, nor either from the table.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration,
 * TypeORM, the UnitOfWork, TypeOrmSubscriptionRepository (to store purchases as billing does).
 * Fake: InMemoryLedger (the other side of the contract).
 */
import type { DataSource } from 'typeorm';
import { InMemoryLedger } from '../../../../../test/fulfilment/in-memory';
import { purchased } from '../../../../../test/subscriptions/support';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import type { FulfilmentLedger } from '../../application/fulfilment-ledger.port';
import { FULFILMENT_MOVES, FULFILMENT_STATES, type FulfilmentState, mayMakeMove } from '../../domain/fulfilment';
import { TypeOrmFulfilmentLedger } from './fulfilment-ledger.repository';
import { SubscriptionOrmEntity } from '../../../subscriptions/adapters/persistence/subscription.orm-entity';
import { TypeOrmSubscriptionRepository } from '../../../subscriptions/adapters/persistence/subscription.repository';

const NOW = new Date('2025-05-01T10:00:00Z');
const LATER = new Date('2025-05-01T11:00:00Z');
const TARGET = { serviceId: '1024', quantity: 500 };
const STARTS: Array<FulfilmentState | null> = [null, ...FULFILMENT_STATES];
type MoveName = keyof typeof FULFILMENT_MOVES;

interface Side {
  name: string;
  open(): Promise<{ ledger: FulfilmentLedger; purchase(): Promise<string>; close(): Promise<void> }>;
}

const sides: Side[] = [
  {
    name: 'the in-memory fake',
    open: async () => {
      const ledger = new InMemoryLedger();
      return { ledger, purchase: async () => ledger.add().subscriptionId, close: async () => undefined };
    },
  },
  ...testDatabaseKinds().map((kind): Side => ({
    name: `the ledger on ${kind}`,
    open: async () => {
      const dataSource: DataSource = await createTestDataSource([SubscriptionOrmEntity], kind);
      const uow = new UnitOfWork(dataSource);
      const subscriptions = new TypeOrmSubscriptionRepository(uow);
      const [{ user_id: userId }] = await dataSource.query(`INSERT INTO users (email, name) VALUES ('creator@example.com', 'Creator') RETURNING user_id`);
      const purchase = () => purchased(subscriptions, userId);
      return { ledger: new TypeOrmFulfilmentLedger(uow, subscriptions), purchase, close: () => dataSource.destroy() };
    },
  })),
];

describe.each(sides)('fulfilment moves: $name', (side) => {
  let ledger: FulfilmentLedger;
  let purchase: () => Promise<string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ ledger, purchase, close } = await side.open());
  });

  afterAll(async () => {
    await close?.();
  });

  const stateOf = async (id: string) => (await ledger.findById(id))?.fulfilment?.state ?? null;
  const upstreamId = () => String(Math.floor(Math.random() * 1e12));

  /** A subscription in `state`, reached through the ledger's own moves (each checked to succeed). */
  async function subscriptionIn(state: FulfilmentState | null): Promise<string> {
    const id = await purchase();
    if (state === null) return id;
    expect(await ledger.queue(id, TARGET, NOW)).toBe(true);
    if (state === 'queued') return id;
    if (state === 'canceled') {
      expect((await ledger.cancel(id, NOW))?.changed).toBe(true);
      return id;
    }
    expect(await ledger.claimForPlacing(id, NOW)).not.toBeNull();
    if (state === 'placing') return id;
    if (state === 'needs_review') {
      expect(await ledger.markNeedsReview(id, 'The panel did not answer', NOW)).toBe(true);
      return id;
    }
    expect(await ledger.markPlaced(id, upstreamId(), NOW)).toBe(true);
    if (state === 'done')
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: 'Completed', charge: null, currency: null, startCount: null, remains: null, finalStatus: 1 }],
        NOW,
      );
    return id;
  }

  /** Each move made through the ledger's method that makes it; true when the method says it moved. */
  const make: Record<MoveName, (id: string) => Promise<boolean | undefined>> = {
    queue: (id) => ledger.queue(id, TARGET, LATER),
    claim: async (id) => (await ledger.claimForPlacing(id, LATER)) !== null,
    markPlaced: (id) => ledger.markPlaced(id, upstreamId(), LATER),
    markNeedsReview: (id) => ledger.markNeedsReview(id, 'Unclear answer', LATER),
    requeue: (id) => ledger.requeue(id, 'Panel unreachable', LATER),
    abandonPlacing: async (id) => (await ledger.abandonPlacingBefore(LATER, 'Placing for too long', LATER)).includes(id),
    finalWord: async (id) => {
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: 'Partial', charge: null, currency: null, startCount: null, remains: 20, finalStatus: 2 }],
        LATER,
      );
      return undefined;
    },
    lostUpstream: async (id) => {
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null, error: 'Incorrect order ID', review: true }],
        LATER,
      );
      return undefined;
    },
    retry: async (id) => (await ledger.retry(id, LATER))?.changed,
    link: async (id) => (await ledger.link(id, upstreamId(), LATER))?.changed,
    cancel: async (id) => (await ledger.cancel(id, LATER))?.changed,
    withdraw: (id) => ledger.withdraw(id, 'Refunded in full', LATER),
  };

  const cases = (Object.keys(FULFILMENT_MOVES) as MoveName[]).flatMap((move) => STARTS.map((from) => [move, from] as const));

  it.each(cases)('%s from %s: moves only where the table allows, to where it says', async (move, from) => {
    const id = await subscriptionIn(from);
    expect(await stateOf(id)).toBe(from);
    const said = await make[move](id);
    const allowed = mayMakeMove(FULFILMENT_MOVES[move], from);
    expect(await stateOf(id)).toBe(allowed ? FULFILMENT_MOVES[move].to : from);
    if (said !== undefined) expect(said).toBe(allowed);
  });

  it('every state is reached by some move, and the ends (done, canceled) are left by none', () => {
    const moves = Object.values(FULFILMENT_MOVES);
    for (const state of FULFILMENT_STATES) expect(moves.some((move) => move.to === state)).toBe(true);
    for (const end of ['done', 'canceled'] as const) expect(moves.filter((move) => mayMakeMove(move, end))).toEqual([]);
  });
});
