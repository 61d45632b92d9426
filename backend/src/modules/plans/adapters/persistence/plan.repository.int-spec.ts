/**
 * TypeOrmPlanRepository and PlansSeeder on a real database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), migrations,
 * TypeORM. Fake: nothing.
 */
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { PlanOrmEntity } from './plan.orm-entity';
import { TypeOrmPlanRepository } from './plan.repository';
import { PlansSeeder } from './plans.seeder';
import { PricingTierOrmEntity } from './pricing-tier.orm-entity';

const SLUGS = ['youtube', 'instagram', 'x', 'threads', 'telegram', 'linkedin', 'tiktok', 'facebook'];

describe.each(testDatabaseKinds())('TypeOrmPlanRepository on %s', (kind) => {
  let dataSource: DataSource;
  let repository: TypeOrmPlanRepository;

  beforeAll(async () => {
    dataSource = await createTestDataSource([PlanOrmEntity, PricingTierOrmEntity], kind);
    repository = new TypeOrmPlanRepository(new UnitOfWork(dataSource));
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('seeds the eight plans once, even when two instances start together', async () => {
    const created = await Promise.all([new PlansSeeder(dataSource).seed(), new PlansSeeder(dataSource).seed()]);
    expect(created.sort()).toEqual([0, 8]);
    expect(await new PlansSeeder(dataSource).seed()).toBe(0);
    expect(await dataSource.getRepository(PlanOrmEntity).count()).toBe(8);
    expect(await dataSource.getRepository(PricingTierOrmEntity).count()).toBe(24);
  });

  it.each(SLUGS)('seeded %s: Active USD plan, three tiers in order, the middle one popular', async (slug) => {
    const plan = await repository.findByNameOrSlug(slug);
    expect(plan).toMatchObject({ slug, status: 'Active', currency: 'USD' });
    expect(plan!.name.toLowerCase()).toBe(slug);
    expect(plan!.platform).toBe(plan!.name);
    expect(plan!.tiers.map((t) => t.name)).toEqual(['Starter', 'Growth', 'Pro']);
    expect(plan!.tiers.map((t) => t.isPopular)).toEqual([false, true, false]);
    for (const tier of plan!.tiers) {
      expect(tier.price).toMatch(/^\d+\.\d{2}$/);
      expect(tier.features.length).toBeGreaterThanOrEqual(4);
      expect(tier.features.length).toBeLessThanOrEqual(6);
      expect(tier.description.length).toBeGreaterThan(20);
    }
    const prices = plan!.tiers.map((t) => Number(t.price));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it.each(['YouTube', 'youtube', 'YOUTUBE', '  YouTube  '])('finds YouTube by %j', async (name) => {
    expect((await repository.findByNameOrSlug(name))?.slug).toBe('youtube');
  });

  it('finds a plan by its name when it differs from the slug, and prefers a slug match', async () => {
    const plans = dataSource.getRepository(PlanOrmEntity);
    await plans.insert({ name: 'Spotify Premium Growth', slug: 'spotify', platform: 'Spotify', status: 'Pending', currency: 'USD' });
    await plans.insert({ name: 'youtube', slug: 'youtube-legacy', platform: 'YouTube Legacy', status: 'Inactive', currency: 'USD' });
    expect(await repository.findByNameOrSlug('spotify premium growth')).toMatchObject({ slug: 'spotify', status: 'Pending', tiers: [] });
    expect((await repository.findByNameOrSlug('youtube'))?.slug).toBe('youtube');
    expect((await repository.findByNameOrSlug('youtube-legacy'))?.name).toBe('youtube');
  });

  it('returns tiers by position whatever the insertion order, with exact decimal prices', async () => {
    const plan = await repository.findByNameOrSlug('spotify');
    const tiers = dataSource.getRepository(PricingTierOrmEntity);
    await tiers.insert([
      { planId: plan!.planId, name: 'Last', price: '1234.50', description: '', features: ['a'], isPopular: false, position: 2 },
      { planId: plan!.planId, name: 'First', price: '0.10', description: '', features: [], isPopular: true, position: 0 },
    ]);
    const reloaded = await repository.findByNameOrSlug('SPOTIFY');
    expect(reloaded!.tiers.map((t) => [t.name, t.price, t.features])).toEqual([
      ['First', '0.10', []],
      ['Last', '1234.50', ['a']],
    ]);
  });

  it('lists each plan with its tier count and its lowest tier price as exact decimal text (null without tiers)', async () => {
    const { items } = await repository.pageForAdmin({ page: 1, perPage: 100, search: '' });
    const bySlug = new Map(items.map((plan) => [plan.slug, plan]));
    expect([bySlug.get('spotify')?.tierCount, bySlug.get('spotify')?.lowestPrice]).toEqual([2, '0.10']);
    expect([bySlug.get('youtube-legacy')?.tierCount, bySlug.get('youtube-legacy')?.lowestPrice]).toEqual([0, null]);
    const seeded = await repository.findByNameOrSlug('youtube');
    expect(bySlug.get('youtube')?.lowestPrice).toBe([...seeded!.tiers.map((t) => t.price)].sort((a, b) => Number(a) - Number(b))[0]);
  });

  it('returns null for an unknown or blank name', async () => {
    expect(await repository.findByNameOrSlug('myspace')).toBeNull();
    expect(await repository.findByNameOrSlug('   ')).toBeNull();
    expect(await repository.findByNameOrSlug("x' OR '1'='1")).toBeNull();
  });

  it('keeps slugs unique', async () => {
    const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined); // TypeORM logs the expected failure
    await expect(
      dataSource.getRepository(PlanOrmEntity).insert({ name: 'Another', slug: 'youtube', platform: 'YouTube', status: 'Active', currency: 'USD' }),
    ).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '23505' }) });
    quiet.mockRestore();
  });
});
