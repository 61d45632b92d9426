/**
 * TypeOrmSubscriptionRepository on a real database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), migrations,
 * TypeORM, the UnitOfWork. Fake: nothing (users are inserted by SQL, as the foreign key needs them).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { newPurchase } from '../../../../../test/subscriptions/support';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import type { NewPurchase } from '../../domain/subscription';
import { TypeOrmSubscriptionCounts } from './subscription-counts.query';
import { SubscriptionOrmEntity } from './subscription.orm-entity';
import { TypeOrmSubscriptionRepository } from './subscription.repository';

describe.each(testDatabaseKinds())('TypeOrmSubscriptionRepository on %s', (kind) => {
  let dataSource: DataSource;
  let uow: UnitOfWork;
  let repository: TypeOrmSubscriptionRepository;

  async function newUser(label: string): Promise<string> {
    const [row] = await dataSource.query('INSERT INTO users (email, name) VALUES ($1, $2) RETURNING user_id', [
      `${label}-${randomUUID().slice(0, 8)}@example.com`,
      label,
    ]);
    return row.user_id as string;
  }

  /** Two features and a popular tier, so the stored pricing is checked beyond the simplest case. */
  function purchase(userId: string, orderId?: string): NewPurchase {
    const pricing = { pricingId: randomUUID(), name: 'Growth', price: '19.99', description: 'More views', features: ['Fast', 'Safe'], isPopular: true, currency: 'USD' };
    return newPurchase(userId, { pricing, ...(orderId ? { orderId } : {}) });
  }

  /** Stores a subscription and sets its Status and creation time as the spec needs them. */
  async function stored(userId: string, orderId: string, status: number, createdAt: string): Promise<string> {
    const { subscription } = await repository.insertOnce(purchase(userId, orderId));
    await dataSource.query('UPDATE subscriptions SET status = $2, created_at = $3 WHERE subscription_id = $1', [subscription.subscriptionId, status, createdAt]);
    return subscription.subscriptionId;
  }

  beforeAll(async () => {
    dataSource = await createTestDataSource([SubscriptionOrmEntity], kind);
    uow = new UnitOfWork(dataSource);
    repository = new TypeOrmSubscriptionRepository(uow);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  describe('insertOnce', () => {
    it('stores a purchase once per order: 50 concurrent calls give one row and one created', async () => {
      const userId = await newUser('racer');
      const order = purchase(userId);
      const results = await Promise.all(Array.from({ length: 50 }, () => repository.insertOnce(order)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.subscription.subscriptionId)).size).toBe(1);
      const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM subscriptions WHERE order_id = $1', [order.orderId]);
      expect(count).toBe(1);
      expect(results[0].subscription).toMatchObject({ userId, orderId: order.orderId, status: 0, pricing: order.pricing });
    });

    it('stays once per order when each call runs in its own UnitOfWork transaction', async () => {
      const userId = await newUser('racer-tx');
      const order = purchase(userId);
      const results = await Promise.all(Array.from({ length: 50 }, () => uow.run(() => repository.insertOnce(order))));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.subscription.subscriptionId)).size).toBe(1);
      const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM subscriptions WHERE order_id = $1', [order.orderId]);
      expect(count).toBe(1);
    });

    it('leaves nothing behind when the surrounding transaction fails', async () => {
      const userId = await newUser('rollback');
      const order = purchase(userId);
      await expect(
        uow.run(async () => {
          await repository.insertOnce(order);
          throw new Error('billing failed after recording');
        }),
      ).rejects.toThrow('billing failed after recording');
      expect(await repository.findByOrderId(order.orderId)).toBeNull();
    });
  });

  describe('pageForUser and allForUser', () => {
    let alice: string;
    let bob: string;

    beforeAll(async () => {
      alice = await newUser('alice');
      bob = await newUser('bob');
      // Alice: seven In Process on days 1..7, Completed on days 8 and 9; Bob: one of each, newer.
      for (let day = 1; day <= 7; day++) await stored(alice, `order_alice_a${day}`, 0, `2025-03-0${day}T10:00:00Z`);
      await stored(alice, 'order_alice_c1', 1, '2025-03-08T10:00:00Z');
      await stored(alice, 'order_alice_c2', 1, '2025-03-09T10:00:00Z');
      await stored(bob, 'order_bob_a', 0, '2025-04-01T10:00:00Z');
      await stored(bob, 'order_bob_c', 1, '2025-04-02T10:00:00Z');
    });

    it('pages the active list newest first and counts the whole list', async () => {
      const first = await repository.pageForUser(alice, 'active', 1, 6);
      expect(first.total).toBe(7);
      expect(first.items.map((s) => s.orderId)).toEqual(['order_alice_a7', 'order_alice_a6', 'order_alice_a5', 'order_alice_a4', 'order_alice_a3', 'order_alice_a2']);
      expect(first.items[0].createdAt.toISOString()).toBe('2025-03-07T10:00:00.000Z');
      const second = await repository.pageForUser(alice, 'active', 2, 6);
      expect(second).toMatchObject({ total: 7 });
      expect(second.items.map((s) => s.orderId)).toEqual(['order_alice_a1']);
    });

    it('lists the completed ones only, newest first, and nobody else’s', async () => {
      const page = await repository.pageForUser(alice, 'completed', 1, 6);
      expect(page.total).toBe(2);
      expect(page.items.map((s) => [s.orderId, s.status, s.userId])).toEqual([
        ['order_alice_c2', 1, alice],
        ['order_alice_c1', 1, alice],
      ]);
    });

    it('answers a page past the end with no items and the true total', async () => {
      expect(await repository.pageForUser(alice, 'active', 3, 6)).toEqual({ items: [], total: 7 });
      expect(await repository.pageForUser(alice, 'active', 2 ** 40, 50)).toEqual({ items: [], total: 7 });
    });

    it('gives an empty list for a user without subscriptions', async () => {
      const nobody = randomUUID();
      expect(await repository.pageForUser(nobody, 'active', 1, 6)).toEqual({ items: [], total: 0 });
      expect(await repository.allForUser(nobody)).toEqual([]);
    });

    it("returns all of a user's subscriptions newest first", async () => {
      expect((await repository.allForUser(alice)).map((s) => s.orderId)).toEqual([
        'order_alice_c2',
        'order_alice_c1',
        'order_alice_a7',
        'order_alice_a6',
        'order_alice_a5',
        'order_alice_a4',
        'order_alice_a3',
        'order_alice_a2',
        'order_alice_a1',
      ]);
      expect((await repository.allForUser(bob)).map((s) => s.orderId)).toEqual(['order_bob_c', 'order_bob_a']);
    });

    it('keeps one order across pages when creation times are equal', async () => {
      const carol = await newUser('carol');
      const ids: string[] = [];
      for (let n = 1; n <= 5; n++) ids.push(await stored(carol, `order_carol_${n}`, 0, '2025-05-01T10:00:00Z'));
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(...(await repository.pageForUser(carol, 'active', page, 2)).items);
      expect(pages.map((s) => s.subscriptionId)).toEqual([...ids].sort().reverse());
      expect((await repository.allForUser(carol)).map((s) => s.subscriptionId)).toEqual([...ids].sort().reverse());
    });

    it('files a later Status (a state added by a future migration) under completed', async () => {
      const dave = await newUser('dave');
      // Today's CHECK allows 0 and 1; a later state needs the constraint another issue will widen.
      await dataSource.query('ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check');
      await stored(dave, 'order_dave_active', 0, '2025-06-01T10:00:00Z');
      await stored(dave, 'order_dave_done', 1, '2025-06-02T10:00:00Z');
      await stored(dave, 'order_dave_later', 2, '2025-06-03T10:00:00Z');
      const completed = await repository.pageForUser(dave, 'completed', 1, 6);
      expect(completed.total).toBe(2);
      expect(completed.items.map((s) => [s.orderId, s.status])).toEqual([
        ['order_dave_later', 2],
        ['order_dave_done', 1],
      ]);
      const active = await repository.pageForUser(dave, 'active', 1, 6);
      expect(active.items.map((s) => s.orderId)).toEqual(['order_dave_active']);
      // The profile's counters (identity's SubscriptionCounts) agree with the lists' totals.
      const counts = new TypeOrmSubscriptionCounts(dataSource.getRepository(SubscriptionOrmEntity));
      expect(await counts.countFor(dave)).toEqual({ total: 3, active: active.total, completed: completed.total });
    });
  });
});
