import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DEFAULT_CURRENCY, planSlugOf } from '../../domain/plan';
import { PlanOrmEntity } from './plan.orm-entity';
import { PricingTierOrmEntity } from './pricing-tier.orm-entity';
import { PLAN_SEEDS } from './seed/plans.seed';
import { underSeedLock } from '../../../../platform/database/seed-lock';

/**
 * Creates the eight platform plans and their tiers on an empty database (docs/architecture.md#seed-data).
 * Runs on application bootstrap, after TypeORM has run the migrations. Safe when several instances
 * start at once: an advisory lock inside the transaction lets one instance seed, the others then
 * find plans and do nothing; the unique slug is the backstop.
 */
@Injectable()
export class PlansSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(PlansSeeder.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    const created = await this.seed();
    if (created > 0) this.logger.log(`Seeded ${created} plans`);
  }

  /** Inserts the seed plans when there are none; returns how many were created. */
  async seed(): Promise<number> {
    return underSeedLock(this.dataSource, 'plans', async (manager) => {
      const plans = manager.getRepository(PlanOrmEntity);
      if (await plans.exists()) return 0;

      for (const seed of PLAN_SEEDS) {
        const result = await plans.insert({
          name: seed.platform,
          slug: planSlugOf(seed.platform),
          platform: seed.platform,
          status: 'Active',
          currency: DEFAULT_CURRENCY,
        });
        const planId = result.identifiers[0].planId as string;
        await manager.getRepository(PricingTierOrmEntity).insert(seed.tiers.map((tier, position) => ({ planId, ...tier, features: tier.features, position })));
      }
      return PLAN_SEEDS.length;
    });
  }
}
