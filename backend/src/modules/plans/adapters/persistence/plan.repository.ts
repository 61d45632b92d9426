import { Injectable } from '@nestjs/common';
import { In, QueryFailedError } from 'typeorm';
import { readPage } from '../../../../platform/database/paging';
import { entitySql } from '../../../../platform/database/entity-sql';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { AppError } from '../../../../platform/errors/app-error';
import { type AdminPlanQuery, PlanRepository, type PlanSummary } from '../../application/plan.repository.port';
import type { Plan } from '../../domain/plan';
import { pricingNotFound } from '../../domain/plans.errors';
import type { NewPlanForm, PlanChanges } from '../../domain/plan-form';
import { PlanOrmEntity } from './plan.orm-entity';
import { toPlan } from './plan.mapper';
import { PricingTierOrmEntity } from './pricing-tier.orm-entity';
import { isUuid } from '../../../../kernel/uuid';

/** TypeORM implementation of the plan repository; every query runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmPlanRepository extends PlanRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get plans() {
    return this.uow.repository(PlanOrmEntity);
  }

  private get tiers() {
    return this.uow.repository(PricingTierOrmEntity);
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

  /**
   * The plan and its tiers in one statement of plain SQL: billing reads it in every first payment
   * verification (platform/database/entity-sql.ts).
   */
  async findById(planId: string): Promise<Plan | null> {
    if (!isUuid(planId)) return null;
    const manager = this.uow.manager();
    const plans = entitySql(manager, PlanOrmEntity);
    const tiers = entitySql(manager, PricingTierOrmEntity);
    const rows = (await manager.query(
      `SELECT ${plans.columnList('p')}, ${tiers.columnList('t')} FROM ${plans.table} "p" LEFT JOIN ${tiers.table} "t" ON "t"."plan_id" = "p"."plan_id" ` +
        `WHERE "p"."plan_id" = $1 ORDER BY "t"."position" ASC, "t"."created_at" ASC`,
      [planId],
    )) as Array<Record<string, unknown>>;
    const plan = rows.length > 0 ? plans.hydrate(manager, rows[0], 'p') : null;
    if (!plan) return null;
    return toPlan(
      plan,
      rows.flatMap((row) => tiers.hydrate(manager, row, 't') ?? []),
    );
  }

  async pageForAdmin(query: AdminPlanQuery): Promise<{ items: PlanSummary[]; total: number }> {
    const matching = () => {
      const qb = this.plans.createQueryBuilder('p');
      if (query.search) {
        qb.where('(p.name ILIKE :pattern OR p.slug ILIKE :pattern OR p.platform ILIKE :pattern)', { pattern: `%${escapeLike(query.search)}%` });
      }
      return qb;
    };
    // Read as every list is (platform/database/paging.ts); few plans, so the rows are the keys.
    const { items: rows, total } = await readPage(query.page, query.perPage, {
      count: async () => ({ total: await matching().getCount(), exact: true }),
      keys: (offset, take) => matching().orderBy('lower(p.name)', 'ASC').addOrderBy('p.planId', 'ASC').offset(offset).limit(take).getMany(),
    });
    if (rows.length === 0) return { items: [], total };
    const counts: Array<{ plan_id: string; tiers: string | number; lowest: string | number | null }> = await this.tiers
      .createQueryBuilder('t')
      .select('t.planId', 'plan_id')
      .addSelect('count(*)', 'tiers')
      .addSelect('min(t.price)', 'lowest')
      .where({ planId: In(rows.map((row) => row.planId)) })
      .groupBy('t.planId')
      .getRawMany();
    const countOf = new Map(counts.map((row) => [row.plan_id, Number(row.tiers)]));
    // numeric(12,2) as text from pg, a number from PGlite: always two decimals.
    const lowestOf = new Map(counts.map((row) => [row.plan_id, row.lowest === null ? null : Number(row.lowest).toFixed(2)]));
    return {
      items: rows.map((row) => {
        const { tiers: _none, ...plan } = toPlan(row, []);
        return { ...plan, tierCount: countOf.get(row.planId) ?? 0, lowestPrice: lowestOf.get(row.planId) ?? null };
      }),
      total,
    };
  }

  async findForChange(planId: string): Promise<Plan | null> {
    if (!isUuid(planId)) return null;
    const plan = await this.plans.createQueryBuilder('p').where('p.planId = :planId', { planId }).setLock('pessimistic_write').getOne();
    return plan ? this.withTiers(plan) : null;
  }

  async findPlanIdOfTier(pricingId: string): Promise<string | null> {
    if (!isUuid(pricingId)) return null;
    const tier = await this.tiers.findOne({ where: { pricingId }, select: { pricingId: true, planId: true } });
    return tier?.planId ?? null;
  }

  async create(plan: NewPlanForm): Promise<Plan> {
    let planId: string;
    try {
      const result = await this.plans.insert({ name: plan.name, slug: plan.slug, platform: plan.platform, status: plan.status, currency: plan.currency });
      planId = result.identifiers[0].planId as string;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505') {
        throw new AppError('conflict', 'A plan for this platform exists already.', 'plan_exists');
      }
      throw error;
    }
    await this.tiers.insert(plan.tiers.map((tier, position) => ({ planId, ...tier, position })));
    return (await this.findById(planId)) as Plan;
  }

  async saveChanges(planId: string, changes: PlanChanges): Promise<Plan | null> {
    if (!isUuid(planId)) return null;
    const { affected } = await this.plans.update({ planId }, { name: changes.name, status: changes.status });
    if (!affected) return null;

    const existing = await this.tiers.find({ where: { planId }, order: { position: 'ASC', createdAt: 'ASC' }, select: { pricingId: true } });
    const ids = new Set(existing.map((tier) => tier.pricingId));
    for (const tier of changes.tiers) {
      if (tier.pricingId && !ids.has(tier.pricingId)) throw pricingNotFound();
    }
    const sent = new Set(changes.tiers.flatMap((tier) => (tier.pricingId ? [tier.pricingId] : [])));
    const unsent = existing.filter((tier) => !sent.has(tier.pricingId));
    for (const [position, { pricingId, ...fields }] of changes.tiers.entries()) {
      if (pricingId) await this.tiers.update({ planId, pricingId }, { ...fields, position });
      else await this.tiers.insert({ planId, ...fields, position });
    }
    for (const [index, tier] of unsent.entries()) {
      await this.tiers.update({ planId, pricingId: tier.pricingId }, { position: changes.tiers.length + index });
    }
    return this.findById(planId);
  }

  async deleteTier(pricingId: string): Promise<boolean> {
    if (!isUuid(pricingId)) return false;
    const { affected } = await this.tiers.delete({ pricingId });
    return Boolean(affected);
  }

  async delete(planId: string): Promise<boolean> {
    if (!isUuid(planId)) return false;
    const { affected } = await this.plans.delete({ planId });
    return Boolean(affected);
  }

  private async withTiers(plan: PlanOrmEntity): Promise<Plan> {
    const tiers = await this.tiers.find({
      where: { planId: plan.planId },
      order: { position: 'ASC', createdAt: 'ASC' },
    });
    return toPlan(plan, tiers);
  }
}

/** Escape LIKE wildcards so a search for "50%" matches the text "50%", not "50 anything". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
