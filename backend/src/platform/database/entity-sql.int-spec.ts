/**
 * EntitySql against TypeORM itself: the entities read (or stored and returned) by plain SQL are
 * exactly the ones TypeORM's repositories give for the same rows, types and transformers included
 * (bigint as a number, jsonb parsed, numeric as text, timestamps as Dates, nulls), and the
 * repositories that use it keep their answers.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration,
 * TypeORM and its drivers. Fake: nothing.
 */
import type { DataSource } from 'typeorm';
import { anOrder } from '../../../test/billing/in-memory';
import { createTestDataSource, testDatabaseKinds } from '../../../test/support/database';
import { PaymentOrderOrmEntity } from '../../modules/billing/adapters/persistence/payment-order.orm-entity';
import { TypeOrmPaymentOrderRepository } from '../../modules/billing/adapters/persistence/payment-order.repository';
import { UserOrmEntity } from '../../modules/identity/adapters/persistence/user.orm-entity';
import { TypeOrmUserRepository } from '../../modules/identity/adapters/persistence/user.repository';
import { toPlan } from '../../modules/plans/adapters/persistence/plan.mapper';
import { PlanOrmEntity } from '../../modules/plans/adapters/persistence/plan.orm-entity';
import { TypeOrmPlanRepository } from '../../modules/plans/adapters/persistence/plan.repository';
import { PricingTierOrmEntity } from '../../modules/plans/adapters/persistence/pricing-tier.orm-entity';
import { toSubscription } from '../../modules/subscriptions/adapters/persistence/subscription.mapper';
import { SubscriptionOrmEntity } from '../../modules/subscriptions/adapters/persistence/subscription.orm-entity';
import { TypeOrmSubscriptionRepository } from '../../modules/subscriptions/adapters/persistence/subscription.repository';
import { entitySql } from './entity-sql';
import { UnitOfWork } from './unit-of-work';

describe.each(testDatabaseKinds())('EntitySql on %s', (kind) => {
  let dataSource: DataSource;
  let uow: UnitOfWork;
  let userId: string;

  beforeAll(async () => {
    dataSource = await createTestDataSource([UserOrmEntity, PaymentOrderOrmEntity, SubscriptionOrmEntity, PlanOrmEntity, PricingTierOrmEntity], kind);
    uow = new UnitOfWork(dataSource);
    [{ user_id: userId }] = await dataSource.query(
      `INSERT INTO users (email, name, phone, gender) VALUES ('ann@example.com', 'Ann "the" Example', '+919876543210', 2) RETURNING user_id`,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('reads a user as findOneBy does, and the repository answers as before', async () => {
    const [byEntitySql] = await entitySql(dataSource.manager, UserOrmEntity).select(dataSource.manager, 'WHERE "user_id" = $1', [userId]);
    expect(byEntitySql).toStrictEqual(await dataSource.getRepository(UserOrmEntity).findOneBy({ userId }));
    const users = new TypeOrmUserRepository(uow);
    expect(await users.findById(userId)).toMatchObject({ userId, email: 'ann@example.com', name: 'Ann "the" Example' });
    expect(await users.tokenVersionOf(userId)).toBe(0);
    expect(await users.findById('6f1c1f4e-0000-4000-8000-000000000000')).toBeNull();
  });

  it('reads a payment order (bigint, jsonb, timestamps, nulls) as findOneBy does, locked or not', async () => {
    const orders = new TypeOrmPaymentOrderRepository(uow);
    const paidAt = new Date('2025-06-01T12:03:04.567Z');
    await orders.insert(anOrder({ orderId: 'order_EntitySql1', userId, status: 'paid', paymentId: 'pay_1', paidAt, amount: 123456789012 }));
    const reference = await dataSource.getRepository(PaymentOrderOrmEntity).findOneByOrFail({ orderId: 'order_EntitySql1' });
    const [read] = await entitySql(dataSource.manager, PaymentOrderOrmEntity).select(dataSource.manager, 'WHERE "order_id" = $1', ['order_EntitySql1']);
    expect(read).toStrictEqual(reference);
    expect(read.amount).toBe(123456789012);
    expect(read.paidAt).toEqual(paidAt);
    expect(read.checkedAt).toBeNull();
    const locked = await uow.run(() => orders.lockById('order_EntitySql1'));
    expect(locked).toEqual(await orders.findById('order_EntitySql1'));
    expect(locked).toMatchObject({ orderId: 'order_EntitySql1', userId, amount: 123456789012, refundedAmount: 0, status: 'paid', paidAt, voidReason: null });
    expect(await orders.findById('order_Missing')).toBeNull();
  });

  it('stores a subscription once and returns the stored row, as the row read back would be', async () => {
    const subscriptions = new TypeOrmSubscriptionRepository(uow);
    const purchase = {
      userId,
      planId: '22222222-2222-4222-8222-222222222222',
      planName: 'YouTube',
      profileLink: 'https://www.youtube.com/@ann',
      orderId: 'order_EntitySql2',
      paymentId: 'pay_2',
      pricing: {
        pricingId: '33333333-3333-4333-8333-333333333333',
        name: 'Growth',
        price: '49.99',
        description: 'Views "and" more',
        features: ['a', 'b'],
        isPopular: true,
        currency: 'USD',
      },
      customerEmail: 'ann@example.com',
      customerName: 'Ann',
    };
    const first = await subscriptions.insertOnce(purchase);
    const again = await subscriptions.insertOnce({ ...purchase, paymentId: 'pay_other' });
    const stored = await dataSource.getRepository(SubscriptionOrmEntity).findOneByOrFail({ orderId: 'order_EntitySql2' });
    expect(first).toEqual({ created: true, subscription: toSubscription(stored) });
    expect(again).toEqual({ created: false, subscription: toSubscription(stored) });
    expect(first.subscription).toMatchObject({ paymentId: 'pay_2', pricing: purchase.pricing, status: 0 });
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM subscriptions WHERE order_id = 'order_EntitySql2'`)).toEqual([{ n: 1 }]);
  });

  it('reads a plan with its tiers in their order (numeric as text, jsonb features) as the two TypeORM reads did, and a plan without tiers', async () => {
    const [{ plan_id: planId }] = await dataSource.query(
      `INSERT INTO plans (name, slug, platform, status, currency) VALUES ('Plan A', 'plan-a', 'YouTube', 'Active', 'INR') RETURNING plan_id`,
    );
    await dataSource.query(
      `INSERT INTO pricing_tiers (plan_id, name, price, description, features, is_popular, position) VALUES
         ($1, 'Second', 1499.5, 'b', '["x","y"]', true, 1), ($1, 'First', 10, 'a', '[]', false, 0)`,
      [planId],
    );
    const [{ plan_id: emptyId }] = await dataSource.query(
      `INSERT INTO plans (name, slug, platform, status, currency) VALUES ('Plan B', 'plan-b', 'X', 'Inactive', 'USD') RETURNING plan_id`,
    );
    const reference = async (id: string) => {
      const plan = await dataSource.getRepository(PlanOrmEntity).findOneByOrFail({ planId: id });
      const tiers = await dataSource.getRepository(PricingTierOrmEntity).find({ where: { planId: id }, order: { position: 'ASC', createdAt: 'ASC' } });
      return toPlan(plan, tiers);
    };
    const plans = new TypeOrmPlanRepository(uow);
    const read = await plans.findById(planId);
    expect(read).toStrictEqual(await reference(planId));
    expect(read?.tiers.map((tier) => [tier.name, tier.price, tier.features])).toEqual([
      ['First', '10.00', []],
      ['Second', '1499.50', ['x', 'y']],
    ]);
    expect(await plans.findById(emptyId)).toStrictEqual(await reference(emptyId));
    expect((await plans.findById(emptyId))?.tiers).toEqual([]);
    expect(await plans.findById('6f1c1f4e-0000-4000-8000-000000000000')).toBeNull();
  });
});
