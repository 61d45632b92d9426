import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PlanRepository } from '../../application/plan.repository.port';
import type { Plan } from '../../domain/plan';
import { PlanOrmEntity } from './plan.orm-entity';
import { toPlan } from './plan.mapper';
import { PricingTierOrmEntity } from './pricing-tier.orm-entity';

/** TypeORM implementation of the plan repository. */
@Injectable()
export class TypeOrmPlanRepository extends PlanRepository {
  constructor(
    @InjectRepository(PlanOrmEntity) private readonly plans: Repository<PlanOrmEntity>,
    @InjectRepository(PricingTierOrmEntity) private readonly tiers: Repository<PricingTierOrmEntity>,
  ) {
    super();
  }

  async findByNameOrSlug(nameOrSlug: string): Promise<Plan | null> {
    const key = nameOrSlug.trim().toLowerCase();
    if (!key) return null;
    // Slugs are unique; names are not, so prefer the slug match, then the oldest plan.
    const plan = await this.plans
      .createQueryBuilder('p')
      .where('p.slug = :key OR lower(p.name) = :key', { key })
      .orderBy('CASE WHEN p.slug = :key THEN 0 ELSE 1 END', 'ASC')
      .addOrderBy('p.createdAt', 'ASC')
      .getOne();
    return plan ? this.withTiers(plan) : null;
  }

  async findById(planId: string): Promise<Plan | null> {
    const plan = await this.plans.findOneBy({ planId });
    return plan ? this.withTiers(plan) : null;
  }

  private async withTiers(plan: PlanOrmEntity): Promise<Plan> {
    const tiers = await this.tiers.find({
      where: { planId: plan.planId },
      order: { position: 'ASC', createdAt: 'ASC' },
    });
    return toPlan(plan, tiers);
  }
}
