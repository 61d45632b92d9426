/**
 * TypeOrmFulfilmentLedger, and the columns, constraints and table of migration
 * 1764500000000-fulfilment, on a real database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration
 * (the trigger-kept Status counters included), TypeORM, the UnitOfWork, TypeOrmSubscriptionRepository
 * (to store purchases as billing does). Fake: nothing (users, plans and tiers are inserted by SQL).
 */
import { randomUUID } from 'node:crypto';
import { type DataSource, EntityManager, type MigrationInterface } from 'typeorm';
import { purchased } from '../../../../../test/subscriptions/support';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { Fulfilment1764500000000 } from '../../../../platform/database/migrations/1764500000000-fulfilment';
import { migrations } from '../../../../platform/database/migrations';
import { MIGRATED_DUPLICATE_NOTE, UpstreamAnswers1764850000000 } from '../../../../platform/database/migrations/1764850000000-upstream-answers';
import { Fulfilments1765300000000 } from '../../../../platform/database/migrations/1765300000000-fulfilments';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { type UpstreamUpdate, UpstreamOrderTaken } from '../../application/fulfilment-ledger.port';
import { queuedFulfilment } from '../../domain/fulfilment';
import { TypeOrmFulfilmentLedger } from './fulfilment-ledger.repository';
import { SubscriptionOrmEntity } from '../../../subscriptions/adapters/persistence/subscription.orm-entity';
import { TypeOrmSubscriptionRepository } from '../../../subscriptions/adapters/persistence/subscription.repository';
import type { FinalOrderStatus } from '../../../../kernel/order-status';

describe.each(testDatabaseKinds())('TypeOrmFulfilmentLedger on %s', (kind) => {
  let dataSource: DataSource;
  let uow: UnitOfWork;
  let ledger: TypeOrmFulfilmentLedger;
  let subscriptions: TypeOrmSubscriptionRepository;
  let userId: string;
  const target = { serviceId: '1024', quantity: 500 };
  const at = (iso: string) => new Date(iso);

  /** A paid order as billing stores it: Status 0, no fulfilment. */
  async function purchase(link = 'https://youtube.com/@creator'): Promise<string> {
    return purchased(subscriptions, userId, { profileLink: link });
  }

  async function queued(now = at('2025-05-01T10:00:00Z')): Promise<string> {
    const id = await purchase();
    expect(await ledger.queue(id, target, now)).toBe(true);
    return id;
  }

  async function placing(now = at('2025-05-01T10:00:00Z')): Promise<string> {
    const id = await queued(now);
    expect(await ledger.claimForPlacing(id, now)).not.toBeNull();
    return id;
  }

  async function open(upstreamOrderId: string, now = at('2025-05-01T10:00:00Z')): Promise<string> {
    const id = await placing(now);
    expect(await ledger.markPlaced(id, upstreamOrderId, now)).toBe(true);
    return id;
  }

  const stateOf = async (id: string) => (await ledger.findById(id))?.fulfilment?.state ?? null;

  /** Rows of fulfilments matching `where` put in `state`, their subscriptions in `status` (the Status first, while the rows still match). */
  async function settle(where: string, state: string, status: number, params: unknown[] = []) {
    await dataSource.query(`UPDATE subscriptions SET status = ${status} WHERE subscription_id IN (SELECT subscription_id FROM fulfilments WHERE ${where})`, params);
    await dataSource.query(`UPDATE fulfilments SET fulfilment_state = '${state}' WHERE ${where}`, params);
  }

  /** The trigger-kept per-Status counters against a real count of the table. */
  async function countersMatchTheTable() {
    const counters = await dataSource.query('SELECT status, sum(n)::int AS n FROM subscription_status_totals GROUP BY status HAVING sum(n) <> 0 ORDER BY status');
    const real = await dataSource.query('SELECT status, count(*)::int AS n FROM subscriptions GROUP BY status ORDER BY status');
    expect(counters).toEqual(real);
  }

  beforeAll(async () => {
    dataSource = await createTestDataSource([SubscriptionOrmEntity], kind);
    uow = new UnitOfWork(dataSource);
    subscriptions = new TypeOrmSubscriptionRepository(uow);
    ledger = new TypeOrmFulfilmentLedger(uow, subscriptions);
    const [row] = await dataSource.query('INSERT INTO users (email, name) VALUES ($1, $2) RETURNING user_id', ['creator@example.com', 'Creator']);
    userId = row.user_id;
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  describe('the migration', () => {
    it('allows Status 0..4 and nothing else, and the Status counters follow 2, 3 and 4', async () => {
      const id = await purchase();
      for (const status of [2, 3, 4, 0]) await dataSource.query('UPDATE subscriptions SET status = $2 WHERE subscription_id = $1', [id, status]);
      await expect(dataSource.query('UPDATE subscriptions SET status = 5 WHERE subscription_id = $1', [id])).rejects.toThrow(/subscriptions_status_check/);
      await expect(dataSource.query('UPDATE subscriptions SET status = -1 WHERE subscription_id = $1', [id])).rejects.toThrow(/subscriptions_status_check/);
      await dataSource.query('UPDATE subscriptions SET status = 4 WHERE subscription_id = $1', [id]);
      await countersMatchTheTable();
    });

    it('refuses an unknown fulfilment state, a state without its target, and an open order without an upstream id', async () => {
      const id = await purchase();
      const write = (state: string, target = `'1', 1, now()`) =>
        dataSource.query(
          `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at) VALUES ($1, $2, ${target})`,
          [id, state],
        );
      await expect(write('lost')).rejects.toThrow(/fulfilments_fulfilment_state_check/);
      await expect(write('queued', 'NULL, NULL, NULL')).rejects.toThrow(/null value|not-null|upstream_service_id/);
      await expect(write('open')).rejects.toThrow(/fulfilments_fulfilment_placed_check/);
      expect(await ledger.findById(id)).toMatchObject({ fulfilment: null });
    });

    it('creates tier_fulfilment, one row per pricing tier, removed with its tier', async () => {
      const [plan] = await dataSource.query(`INSERT INTO plans (name, slug, platform) VALUES ('YouTube', $1, 'youtube') RETURNING plan_id`, [
        `yt-${randomUUID().slice(0, 8)}`,
      ]);
      const [tier] = await dataSource.query(`INSERT INTO pricing_tiers (plan_id, name, price) VALUES ($1, 'Growth', 19.99) RETURNING pricing_id`, [plan.plan_id]);
      await dataSource.query(`INSERT INTO tier_fulfilment (pricing_id, service_id, quantity) VALUES ($1, '1024', 500)`, [tier.pricing_id]);
      await expect(dataSource.query(`INSERT INTO tier_fulfilment (pricing_id, service_id, quantity) VALUES ($1, '7', 1)`, [tier.pricing_id])).rejects.toThrow();
      await expect(dataSource.query(`INSERT INTO tier_fulfilment (pricing_id, service_id, quantity) VALUES ($1, '7', 0)`, [randomUUID()])).rejects.toThrow();
      const [row] = await dataSource.query('SELECT service_id, service_name, quantity FROM tier_fulfilment WHERE pricing_id = $1', [tier.pricing_id]);
      expect(row).toEqual({ service_id: '1024', service_name: '', quantity: 500 });
      await dataSource.query('DELETE FROM pricing_tiers WHERE pricing_id = $1', [tier.pricing_id]);
      expect(await dataSource.query('SELECT 1 FROM tier_fulfilment WHERE pricing_id = $1', [tier.pricing_id])).toEqual([]);
    });
  });

  describe('queue', () => {
    it('keeps the service name given with the target (trimmed; blank is unknown)', async () => {
      const named = await purchase();
      expect(await ledger.queue(named, { ...target, serviceName: '  YouTube Views ' }, at('2025-05-01T10:00:00Z'))).toBe(true);
      expect((await ledger.findById(named))?.fulfilment).toMatchObject({ serviceId: '1024', serviceName: 'YouTube Views' });
      const blank = await purchase();
      await ledger.queue(blank, { ...target, serviceName: ' ' }, at('2025-05-01T10:00:00Z'));
      expect((await ledger.findById(blank))?.fulfilment?.serviceName).toBeNull();
    });

    it('puts a manual subscription on the automatic path once', async () => {
      const id = await purchase();
      expect(await ledger.findById(id)).toMatchObject({ fulfilment: null });
      const now = at('2025-05-01T10:00:00Z');
      expect(await ledger.queue(id, target, now)).toBe(true);
      expect(await ledger.queue(id, { serviceId: '9', quantity: 1 }, now)).toBe(false);
      expect((await ledger.findById(id))?.fulfilment).toEqual(queuedFulfilment({ ...target, serviceName: null }, now));
    });

    it('is false for an unknown id or one that is not an id', async () => {
      expect(await ledger.queue(randomUUID(), target, new Date())).toBe(false);
      expect(await ledger.queue('not-an-id', target, new Date())).toBe(false);
      expect(await ledger.findById('not-an-id')).toBeNull();
    });

    it("joins the caller's transaction: rolled back with it", async () => {
      const id = await purchase();
      await expect(
        uow.run(async () => {
          expect(await ledger.queue(id, target, new Date())).toBe(true);
          throw new Error('billing failed after queuing');
        }),
      ).rejects.toThrow('billing failed after queuing');
      expect(await ledger.findById(id)).toMatchObject({ fulfilment: null });
    });
  });

  describe('placing', () => {
    it('claims a queued order for placing exactly once, with its link, service and quantity', async () => {
      const id = await purchase('https://youtube.com/@claimed');
      await ledger.queue(id, target, at('2025-05-01T10:00:00Z'));
      const now = at('2025-05-01T10:00:05Z');
      expect(await ledger.claimForPlacing(id, now)).toEqual({ subscriptionId: id, link: 'https://youtube.com/@claimed', serviceId: '1024', quantity: 500 });
      expect(await ledger.claimForPlacing(id, now)).toBeNull();
      expect((await ledger.findById(id))?.fulfilment).toMatchObject({ state: 'placing', placingAt: now });
    });

    it('lets one of two concurrent claims win, each in its own transaction', async () => {
      for (let round = 0; round < 5; round++) {
        const id = await queued();
        const claims = await Promise.all([0, 1].map(() => uow.run(() => ledger.claimForPlacing(id, new Date()))));
        expect(claims.filter((c) => c !== null)).toHaveLength(1);
      }
      const id = await queued();
      const many = await Promise.all(Array.from({ length: 10 }, () => ledger.claimForPlacing(id, new Date())));
      expect(many.filter((c) => c !== null)).toHaveLength(1);
    });

    it('is null for an order not queued: never queued, unknown, or not an id', async () => {
      expect(await ledger.claimForPlacing(await purchase(), new Date())).toBeNull();
      expect(await ledger.claimForPlacing(randomUUID(), new Date())).toBeNull();
      expect(await ledger.claimForPlacing('x', new Date())).toBeNull();
    });

    it('marks placed only from placing, storing the upstream order id and clearing the note', async () => {
      const id = await queued();
      expect(await ledger.markPlaced(id, '777', new Date())).toBe(false);
      await ledger.claimForPlacing(id, new Date());
      expect(await ledger.requeue(id, 'The provider panel did not answer: connection refused', at('2025-05-01T10:01:00Z'))).toBe(true);
      expect((await ledger.findById(id))?.fulfilment).toMatchObject({
        state: 'queued',
        note: 'The provider panel did not answer: connection refused',
        queuedAt: at('2025-05-01T10:01:00Z'),
        placingAt: null,
      });
      await ledger.claimForPlacing(id, new Date());
      const placedAt = at('2025-05-01T10:02:00Z');
      expect(await ledger.markPlaced(id, '777', placedAt)).toBe(true);
      expect(await ledger.markPlaced(id, '778', placedAt)).toBe(false);
      expect((await ledger.findById(id))?.fulfilment).toMatchObject({ state: 'open', upstreamOrderId: '777', placedAt, note: null, checkedAt: null });
    });

    it('marks needs review and requeues only from placing', async () => {
      const id = await queued();
      expect(await ledger.markNeedsReview(id, 'unclear', new Date())).toBe(false);
      expect(await ledger.requeue(id, 'down', new Date())).toBe(false);
      await ledger.claimForPlacing(id, new Date());
      expect(await ledger.markNeedsReview(id, 'The provider refused the order: Not enough funds on balance', new Date())).toBe(true);
      expect(await ledger.requeue(id, 'down', new Date())).toBe(false);
      expect(await ledger.markPlaced(id, '1', new Date())).toBe(false);
      expect((await ledger.findById(id))?.fulfilment).toMatchObject({
        state: 'needs_review',
        note: 'The provider refused the order: Not enough funds on balance',
        upstreamOrderId: null,
      });
    });
  });

  describe('the sync pass helpers', () => {
    beforeAll(async () => {
      // Leave nothing of the other specs in the states these read.
      await settle(`fulfilment_state IN ('queued', 'placing', 'open')`, 'canceled', 3);
    });

    it('lists queued orders older than the cutoff, oldest first, up to the limit', async () => {
      const a = await queued(at('2025-06-01T10:00:00Z'));
      const b = await queued(at('2025-06-01T09:00:00Z'));
      const c = await queued(at('2025-06-01T11:00:00Z'));
      expect(await ledger.queuedBefore(at('2025-06-01T10:30:00Z'), 10)).toEqual([
        { subscriptionId: b, queuedAt: at('2025-06-01T09:00:00Z') },
        { subscriptionId: a, queuedAt: at('2025-06-01T10:00:00Z') },
      ]);
      expect(await ledger.queuedBefore(at('2025-06-01T12:00:00Z'), 1)).toEqual([{ subscriptionId: b, queuedAt: at('2025-06-01T09:00:00Z') }]);
      expect((await ledger.queuedBefore(at('2025-06-01T12:00:00Z'), 10)).map((q) => q.subscriptionId)).toEqual([b, a, c]);
      await settle(`subscription_id = ANY($1::uuid[])`, 'canceled', 3, [[a, b, c]]);
    });

    it('moves orders placing since before the cutoff to needs review with the note, and leaves newer ones placing', async () => {
      const stale = await placing(at('2025-06-02T10:00:00Z'));
      const staler = await placing(at('2025-06-02T09:00:00Z'));
      const fresh = await placing(at('2025-06-02T10:05:00Z'));
      const note = 'The app stopped while this order was being placed: check the provider panel before retrying';
      const abandoned = await ledger.abandonPlacingBefore(at('2025-06-02T10:03:00Z'), note, at('2025-06-02T10:05:00Z'));
      expect(abandoned).toEqual([stale, staler].sort());
      expect((await ledger.findById(stale))?.fulfilment).toMatchObject({ state: 'needs_review', note });
      expect(await stateOf(fresh)).toBe('placing');
      expect(await ledger.abandonPlacingBefore(at('2025-06-02T10:03:00Z'), note, new Date())).toEqual([]);
      // The app came back and the call answered after all: too late, staff decide.
      expect(await ledger.markPlaced(stale, '555', new Date())).toBe(false);
      await dataSource.query(`UPDATE fulfilments SET fulfilment_state = 'needs_review' WHERE subscription_id = $1`, [fresh]);
    });

    it('pages open orders never checked first, then least recently checked, id breaking ties, and skips those checked since the cutoff', async () => {
      const ids = [];
      for (let n = 0; n < 5; n++) ids.push(await open(`90${n}`));
      const [a, b, c, d, e] = ids;
      const set = (id: string, checkedAt: string) => dataSource.query('UPDATE fulfilments SET fulfilment_checked_at = $2 WHERE subscription_id = $1', [id, checkedAt]);
      await set(a, '2025-06-03T10:00:00Z');
      await set(b, '2025-06-03T09:00:00Z');
      await set(c, '2025-06-03T12:00:00Z'); // checked after the pass started
      const never = [d, e].sort();
      const passStart = at('2025-06-03T11:00:00Z');
      const all = await ledger.openOrders(passStart, 10);
      expect(all.map((o) => o.subscriptionId)).toEqual([...never, b, a]);
      expect(all[all.length - 1]).toEqual({ subscriptionId: a, upstreamOrderId: '900', quantity: 500, placedAt: at('2025-05-01T10:00:00Z') });
      expect((await ledger.openOrders(passStart, 3)).map((o) => o.subscriptionId)).toEqual([...never, b]);
      expect(await ledger.openOrders(passStart, 0)).toEqual([]);

      // A pass: ask, record (checkedAt = now, after the pass start), ask again until none is left.
      const seen: string[] = [];
      for (let batch = await ledger.openOrders(passStart, 2); batch.length > 0; batch = await ledger.openOrders(passStart, 2)) {
        seen.push(...batch.map((o) => o.subscriptionId));
        await ledger.recordUpstream(
          batch.map((o) => ({ subscriptionId: o.subscriptionId, upstreamStatus: 'In progress', charge: null, currency: null, startCount: null, remains: null })),
          at('2025-06-03T11:00:01Z'),
        );
      }
      expect(seen).toEqual([...never, b, a]);
      await settle(`subscription_id = ANY($1::uuid[])`, 'done', 1, [ids]);
    });
  });

  describe('recordUpstream', () => {
    it('stores a batch of 100 answers in two statements (fulfilments, then the final Statuses on subscriptions): facts, final words with their Status, per-order errors', async () => {
      const ids: string[] = [];
      for (let n = 0; n < 100; n++) ids.push(await open(String(50_000 + n)));
      // One earlier answer for the error rows, so "facts kept" is visible.
      const earlier: UpstreamUpdate[] = ids
        .slice(90)
        .map((subscriptionId) => ({ subscriptionId, upstreamStatus: 'Pending', charge: '0.50', currency: 'USD', startCount: 10, remains: 500 }));
      await ledger.recordUpstream(earlier, at('2025-07-01T09:00:00Z'));

      const finals: Array<[string, FinalOrderStatus]> = [
        ['Completed', 1],
        ['Partial', 2],
        ['Canceled', 3],
        ['Refunded', 4],
      ];
      const updates: UpstreamUpdate[] = ids.map((subscriptionId, n) => {
        if (n >= 90) return { subscriptionId, upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null, error: 'Incorrect order ID' };
        if (n < 40) {
          const [word, finalStatus] = finals[n % 4];
          return { subscriptionId, upstreamStatus: word, charge: '0.27819', currency: 'USD', startCount: 1_000 + n, remains: n % 4 === 1 ? 120 : 0, finalStatus };
        }
        return {
          subscriptionId,
          upstreamStatus: n % 2 ? 'In progress' : 'Weird New Word',
          charge: '1.5',
          currency: 'EUR',
          startCount: 9_007_199_254_740_991,
          remains: n,
        };
      });
      // Every manager's statements (the ledger opens a transaction for the two).
      const query = jest.spyOn(EntityManager.prototype, 'query');
      const now = at('2025-07-01T10:00:00Z');
      try {
        await ledger.recordUpstream(updates, now);
        expect(query).toHaveBeenCalledTimes(2);
      } finally {
        query.mockRestore();
      }

      const byId = new Map((await Promise.all(ids.map((id) => ledger.findById(id)))).map((s) => [s!.subscriptionId, s!]));
      for (const [n, id] of ids.entries()) {
        const s = byId.get(id)!;
        if (n < 40) {
          const [word, finalStatus] = finals[n % 4];
          expect([s.status, s.fulfilment]).toEqual([
            finalStatus,
            expect.objectContaining({
              state: 'done',
              upstreamStatus: word,
              charge: '0.27819',
              currency: 'USD',
              startCount: 1_000 + n,
              remains: n % 4 === 1 ? 120 : 0,
              note: null,
              checkedAt: now,
            }),
          ]);
        } else if (n < 90) {
          expect([s.status, s.fulfilment]).toEqual([
            0,
            expect.objectContaining({
              state: 'open',
              upstreamStatus: n % 2 ? 'In progress' : 'Weird New Word',
              charge: '1.5',
              currency: 'EUR',
              startCount: 9_007_199_254_740_991,
              remains: n,
              note: null,
              checkedAt: now,
            }),
          ]);
        } else {
          expect([s.status, s.fulfilment]).toEqual([
            0,
            expect.objectContaining({
              state: 'open',
              upstreamStatus: 'Pending',
              charge: '0.50',
              currency: 'USD',
              startCount: 10,
              remains: 500,
              note: 'Incorrect order ID',
              checkedAt: now,
            }),
          ]);
        }
      }
      await countersMatchTheTable();
    });

    it('keeps a fact the provider left out, clears an earlier error on a good answer, and changes only open orders', async () => {
      const id = await open('61000');
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: 'In progress', charge: '2.00', currency: 'USD', startCount: 5, remains: 50 }],
        at('2025-07-02T10:00:00Z'),
      );
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null, error: 'Incorrect order ID' }],
        at('2025-07-02T10:01:00Z'),
      );
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: 'Processing', charge: null, currency: null, startCount: null, remains: 20 }],
        at('2025-07-02T10:02:00Z'),
      );
      expect((await ledger.findById(id))?.fulfilment).toMatchObject({
        state: 'open',
        upstreamStatus: 'Processing',
        charge: '2.00',
        currency: 'USD',
        startCount: 5,
        remains: 20,
        note: null,
        checkedAt: at('2025-07-02T10:02:00Z'),
      });

      const review = await placing();
      await ledger.markNeedsReview(review, 'unclear', new Date());
      const manual = await purchase();
      await ledger.recordUpstream(
        [review, manual].map((subscriptionId) => ({
          subscriptionId,
          upstreamStatus: 'Completed',
          charge: '1',
          currency: 'USD',
          startCount: 1,
          remains: 0,
          finalStatus: 1,
        })),
        new Date(),
      );
      expect(await ledger.findById(review)).toMatchObject({ status: 0, fulfilment: { state: 'needs_review', upstreamStatus: null, checkedAt: null } });
      expect(await ledger.findById(manual)).toMatchObject({ status: 0, fulfilment: null });
      await ledger.recordUpstream([], new Date());
    });

    it('moves an order to review on an error marked `review`, its note the error; an error without it keeps the order open', async () => {
      const kept = await open('63000');
      const reviewed = await open('63001');
      const unknown = { upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null };
      await ledger.recordUpstream(
        [
          { subscriptionId: kept, ...unknown, error: 'Incorrect order ID' },
          { subscriptionId: reviewed, ...unknown, error: 'The provider does not report order 63001 (Incorrect order ID)', review: true },
        ],
        at('2025-07-04T10:00:00Z'),
      );
      expect((await ledger.findById(kept))?.fulfilment).toMatchObject({ state: 'open', note: 'Incorrect order ID' });
      expect(await ledger.findById(reviewed)).toMatchObject({
        status: 0,
        fulfilment: { state: 'needs_review', upstreamOrderId: '63001', note: 'The provider does not report order 63001 (Incorrect order ID)' },
      });
      expect((await ledger.openOrders(at('2030-01-01T00:00:00Z'), 1000)).map((o) => o.subscriptionId)).not.toContain(reviewed);
    });

    it('records a final word once: a done order is not changed by a later answer', async () => {
      const id = await open('62000');
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: 'Partial', charge: '3', currency: 'USD', startCount: 1, remains: 7, finalStatus: 2 }],
        at('2025-07-03T10:00:00Z'),
      );
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: 'Completed', charge: '3', currency: 'USD', startCount: 1, remains: 0, finalStatus: 1 }],
        at('2025-07-03T10:05:00Z'),
      );
      expect(await ledger.findById(id)).toMatchObject({
        status: 2,
        fulfilment: { state: 'done', upstreamStatus: 'Partial', remains: 7, checkedAt: at('2025-07-03T10:00:00Z') },
      });
      expect(await ledger.openOrders(at('2030-01-01T00:00:00Z'), 1000)).not.toContainEqual(expect.objectContaining({ subscriptionId: id }));
    });
  });

  describe('one provider order, one order of ours (the unique partial index)', () => {
    const orderIdOf = async (id: string) => (await ledger.findById(id))!.orderId;

    it('refuses to mark placed with an id an open or done order holds, naming it; the order stays placing', async () => {
      const holder = await open('70001');
      const second = await placing();
      const refused = await ledger.markPlaced(second, '70001', new Date()).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(UpstreamOrderTaken);
      expect(refused).toMatchObject({ upstreamOrderId: '70001', holder: { subscriptionId: holder, orderId: await orderIdOf(holder) } });
      expect((await ledger.findById(second))?.fulfilment).toMatchObject({ state: 'placing', upstreamOrderId: null });
      expect(await ledger.holderOf('70001')).toEqual({ subscriptionId: holder, orderId: await orderIdOf(holder) });

      // Done holds it too: a new placement answered with an old, finished id would take its Completed.
      await ledger.recordUpstream(
        [{ subscriptionId: holder, upstreamStatus: 'Completed', charge: '1', currency: 'USD', startCount: 1, remains: 0, finalStatus: 1 }],
        new Date(),
      );
      await expect(ledger.markPlaced(second, '70001', new Date())).rejects.toBeInstanceOf(UpstreamOrderTaken);
      expect(await ledger.markPlaced(second, '70002', new Date())).toBe(true);
    });

    it('lets an id go again once its order is in review or cancelled (staff decide there)', async () => {
      const first = await open('70010');
      await ledger.recordUpstream(
        [{ subscriptionId: first, upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null, error: 'gone', review: true }],
        new Date(),
      );
      expect(await ledger.holderOf('70010')).toBeNull();
      const second = await placing();
      expect(await ledger.markPlaced(second, '70010', new Date())).toBe(true);
      // …and staff linking the first back to it are refused, inside their transaction, which ends.
      const refused = await uow
        .run(() => ledger.link(first, '70010', new Date()))
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(UpstreamOrderTaken);
      expect(await stateOf(first)).toBe('needs_review');
      expect(await ledger.holderOf('70010')).toEqual({ subscriptionId: second, orderId: await orderIdOf(second) });
    });

    it('lets exactly one of ten placements of one id at once win, each in its own transaction', async () => {
      const ids = await Promise.all(Array.from({ length: 10 }, () => placing()));
      const outcomes = await Promise.all(
        ids.map((id) =>
          uow
            .run(() => ledger.markPlaced(id, '70100', new Date()))
            .then(
              (placed) => (placed ? 'placed' : 'not placing'),
              (error: unknown) => (error instanceof UpstreamOrderTaken ? 'taken' : String(error)),
            ),
        ),
      );
      expect(outcomes.filter((o) => o === 'placed')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'taken')).toHaveLength(9);
      const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM fulfilments WHERE upstream_order_id = '70100'`);
      expect(n).toBe(1);
    });

    it('is held by the database whoever writes: a plain UPDATE giving a second open order the id fails', async () => {
      await open('70200');
      const other = await open('70201');
      await expect(dataSource.query(`UPDATE fulfilments SET upstream_order_id = '70200' WHERE subscription_id = $1`, [other])).rejects.toThrow(
        /fulfilments_upstream_order_once_idx/,
      );
    });
  });

  describe('what a provider sent, stored', () => {
    it('stores texts with NUL characters (which PostgreSQL text cannot hold) without them, and the rest of the batch with them', async () => {
      const [a, b] = [await open('71000'), await open('71001')];
      await ledger.recordUpstream(
        [
          { subscriptionId: a, upstreamStatus: 'In\u0000 progress', charge: '1', currency: 'U\u0000SD', startCount: 1, remains: 1 },
          { subscriptionId: b, upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null, error: 'Incorrect\u0000 order ID' },
        ],
        new Date(),
      );
      expect((await ledger.findById(a))?.fulfilment).toMatchObject({ upstreamStatus: 'In progress', currency: 'USD' });
      expect((await ledger.findById(b))?.fulfilment).toMatchObject({ note: 'Incorrect order ID' });
    });

    it("keeps an answer's note (values not kept) and clears it with the next answer without one", async () => {
      const id = await open('71100');
      await ledger.recordUpstream(
        [{ subscriptionId: id, upstreamStatus: 'In progress', charge: null, currency: null, startCount: 5, remains: null, note: 'not kept: remains -3' }],
        new Date(),
      );
      expect((await ledger.findById(id))?.fulfilment).toMatchObject({ upstreamStatus: 'In progress', startCount: 5, note: 'not kept: remains -3' });
      await ledger.recordUpstream([{ subscriptionId: id, upstreamStatus: 'In progress', charge: null, currency: null, startCount: 6, remains: null }], new Date());
      expect((await ledger.findById(id))?.fulfilment?.note).toBeNull();
    });

    it('notes orders whose answer could not be had or stored, and moves them behind the others; only open ones', async () => {
      const [a, b] = [await open('71200'), await open('71201')];
      await ledger.recordUpstream(
        [{ subscriptionId: b, upstreamStatus: 'Completed', charge: '1', currency: 'USD', startCount: 1, remains: 0, finalStatus: 1 }],
        at('2025-09-01T10:00:00Z'),
      );
      const now = at('2025-09-01T10:05:00Z');
      await ledger.noteUnsynced(
        [
          { subscriptionId: a, note: 'could not be stored\u0000' },
          { subscriptionId: b, note: 'not open' },
          { subscriptionId: 'not-an-id', note: 'x' },
        ],
        now,
      );
      expect((await ledger.findById(a))?.fulfilment).toMatchObject({ state: 'open', note: 'could not be stored', checkedAt: now, upstreamStatus: null });
      expect((await ledger.findById(b))?.fulfilment).toMatchObject({ state: 'done', note: null, checkedAt: at('2025-09-01T10:00:00Z') });
      await ledger.noteUnsynced([], now);
    });
  });

  describe('migration 1764850000000-upstream-answers', () => {
    it('cuts texts, removes values that cannot be true (naming them for staff), sends all but the first holder of one upstream id to review, then holds the rule', async () => {
      const migration = new UpstreamAnswers1764850000000();
      // Written when the columns were on subscriptions: undone and redone with the move to fulfilments around it.
      const moved = new Fulfilments1765300000000();
      const names = ['first', 'huge', 'negative', 'second'];
      const rows: Record<string, string> = {};
      for (const name of names) rows[name] = await placing();
      const runner = dataSource.createQueryRunner();
      try {
        await moved.down(runner);
        await migration.down(runner);
        // Rows as they could be stored before: through the runner (on PGlite it holds the one session).
        const make = async (name: string, set: string) => {
          await runner.query(`UPDATE subscriptions SET fulfilment_state = 'open', upstream_order_id = '72000', fulfilment_placed_at = $2 WHERE subscription_id = $1`, [
            rows[name],
            at(`2025-10-0${names.indexOf(name) + 1}T10:00:00Z`),
          ]);
          await runner.query(`UPDATE subscriptions SET ${set} WHERE subscription_id = $1`, [rows[name]]);
        };
        await make('first', `upstream_status = 'Completed', fulfilment_state = 'done', status = 1`);
        await make('huge', `upstream_status = repeat('x', 5 * 1024 * 1024), upstream_order_id = '72001'`);
        await make('negative', `upstream_start_count = -5, upstream_remains = -3, upstream_charge = '-0.50', upstream_order_id = '72002'`);
        await make('second', `upstream_remains = 501`);
        await migration.up(runner);
        await moved.up(runner);
      } finally {
        await runner.release();
      }
      const read = async (name: string) => (await ledger.findById(rows[name]))!;
      expect((await read('first')).fulfilment).toMatchObject({ state: 'done', upstreamOrderId: '72000' });
      const huge = (await read('huge')).fulfilment!;
      expect([Array.from(huge.upstreamStatus!).length, huge.upstreamStatus!.endsWith('…'), huge.state]).toEqual([100, true, 'open']);
      expect((await read('negative')).fulfilment).toMatchObject({
        state: 'open',
        startCount: null,
        remains: null,
        charge: null,
        note: `Removed, the provider's values cannot be true: start_count -5; remains -3 (500 ordered); charge "-0.50"`,
      });
      const second = (await read('second')).fulfilment!;
      expect(second).toMatchObject({ state: 'needs_review', upstreamOrderId: '72000', remains: null });
      expect(second.note).toBe(`Provider order 72000 ${MIGRATED_DUPLICATE_NOTE.replace('%s', (await read('first')).orderId)}`);
      expect(await ledger.holderOf('72000')).toEqual({ subscriptionId: rows.first, orderId: (await read('first')).orderId });
      await expect(ledger.link(rows.second, '72000', new Date())).rejects.toBeInstanceOf(UpstreamOrderTaken);
      await countersMatchTheTable();
    });
  });

  describe('retry and cancel', () => {
    it('retries only an order that needs review: queued again, now, without the note', async () => {
      const id = await placing();
      await ledger.markNeedsReview(id, 'No clear answer from the provider (timeout): check its panel before retrying', new Date());
      const now = at('2025-08-01T10:00:00Z');
      const retried = await ledger.retry(id, now);
      expect(retried).toMatchObject({ changed: true, subscription: { subscriptionId: id, fulfilment: { state: 'queued', note: null, queuedAt: now, placingAt: null } } });
      expect(await ledger.retry(id, now)).toMatchObject({ changed: false, subscription: { fulfilment: { state: 'queued' } } });
      expect(await ledger.claimForPlacing(id, new Date())).not.toBeNull();
      expect(await ledger.retry(id, now)).toMatchObject({ changed: false, subscription: { fulfilment: { state: 'placing' } } });
      expect(await ledger.retry(await purchase(), now)).toMatchObject({ changed: false, subscription: { fulfilment: null } });
      expect(await ledger.retry(randomUUID(), now)).toBeNull();
      expect(await ledger.retry('nope', now)).toBeNull();
    });

    it('cancels a queued or needs-review order (Status 3 Canceled) and nothing placed or on its way', async () => {
      const waiting = await queued();
      const review = await placing();
      await ledger.markNeedsReview(review, 'unclear', new Date());
      for (const id of [waiting, review]) {
        const cancelled = await ledger.cancel(id, new Date());
        expect(cancelled).toMatchObject({ changed: true, subscription: { status: 3, fulfilment: { state: 'canceled' } } });
        expect(await ledger.cancel(id, new Date())).toMatchObject({ changed: false, subscription: { status: 3 } });
        expect(await ledger.claimForPlacing(id, new Date())).toBeNull();
        expect(await ledger.retry(id, new Date())).toMatchObject({ changed: false });
      }
      const onItsWay = await placing();
      const placed = await open('63100');
      for (const id of [onItsWay, placed]) expect(await ledger.cancel(id, new Date())).toMatchObject({ changed: false, subscription: { status: 0 } });
      expect(await ledger.cancel(await purchase(), new Date())).toMatchObject({ changed: false, subscription: { status: 0, fulfilment: null } });
      expect(await ledger.cancel(randomUUID(), new Date())).toBeNull();
      expect(await ledger.cancel('x', new Date())).toBeNull();
      await countersMatchTheTable();
    });
  });

  it('can be undone (provider-final Statuses fold into Completed, the counters following) and redone', async () => {
    const runner = dataSource.createQueryRunner();
    try {
      // Later migrations build on the fulfilment columns (the refunds' and reports' indexes and
      // triggers): undo them first, newest first, and redo them all after.
      const later = migrations.slice(migrations.indexOf(Fulfilment1764500000000)).map((M) => new (M as new () => MigrationInterface)());
      for (const step of [...later].reverse()) await step.down(runner);
      // Through the runner: on PGlite it holds the one session until released.
      const [{ n }] = await runner.query('SELECT count(*)::int AS n FROM subscriptions WHERE status > 1');
      expect(n).toBe(0);
      const [{ exact }] = await runner.query(
        'SELECT (SELECT sum(n) FROM subscription_status_totals WHERE status > 1) = 0 AND (SELECT sum(n) FROM subscription_status_totals WHERE status = 1) = (SELECT count(*) FROM subscriptions WHERE status = 1) AS exact',
      );
      expect(exact).toBe(true);
      for (const step of later) await step.up(runner);
    } finally {
      await runner.release();
    }
    const id = await open('64000');
    await ledger.recordUpstream(
      [{ subscriptionId: id, upstreamStatus: 'Refunded', charge: '1', currency: 'USD', startCount: 0, remains: 500, finalStatus: 4 }],
      new Date(),
    );
    expect(await ledger.findById(id)).toMatchObject({ status: 4, fulfilment: { state: 'done' } });
    await countersMatchTheTable();
  });
});
