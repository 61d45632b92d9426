import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { type TierMapping, TierMappingRepository } from '../../application/tier-mapping.repository.port';
import { TierFulfilmentOrmEntity } from './tier-fulfilment.orm-entity';
import { isUuid } from '../../../../kernel/uuid';

function toMapping(row: TierFulfilmentOrmEntity): TierMapping {
  return {
    pricingId: row.pricingId,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    quantity: row.quantity,
    refillDays: Number(row.refillDays ?? 0) || 0,
    updatedAt: row.updatedAt,
  };
}

/**
 * TypeORM implementation; joins the caller's UnitOfWork transaction. Reads pricing_tiers only for a
 * tier's existence and its plan (the row's foreign key already ties the two tables; plans exports
 * no facade for "any tier by id").
 */
@Injectable()
export class TypeOrmTierMappingRepository extends TierMappingRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get rows() {
    return this.uow.repository(TierFulfilmentOrmEntity);
  }

  async findByTier(pricingId: string): Promise<TierMapping | null> {
    const row = await this.rows.findOneBy({ pricingId });
    return row ? toMapping(row) : null;
  }

  async findByPlan(planId: string): Promise<TierMapping[]> {
    const rows: Array<{ pricing_id: string; service_id: string; service_name: string; quantity: number; refill_days: number; updated_at: Date | string }> = await this.uow
      .manager()
      .query(
        `SELECT f.pricing_id, f.service_id, f.service_name, f.quantity, f.refill_days, f.updated_at
           FROM tier_fulfilment f JOIN pricing_tiers t ON t.pricing_id = f.pricing_id
          WHERE t.plan_id = $1
          ORDER BY t.position, t.created_at, t.pricing_id`,
        [planId],
      );
    return rows.map((row) => ({
      pricingId: row.pricing_id,
      serviceId: row.service_id,
      serviceName: row.service_name,
      quantity: Number(row.quantity),
      refillDays: Number(row.refill_days) || 0,
      updatedAt: new Date(row.updated_at),
    }));
  }

  async tierExists(pricingId: string): Promise<boolean> {
    const rows: unknown[] = await this.uow.manager().query('SELECT 1 FROM pricing_tiers WHERE pricing_id = $1', [pricingId]);
    return rows.length > 0;
  }

  async refillDaysOf(pricingIds: string[]): Promise<Map<string, number>> {
    const ids = [...new Set(pricingIds.filter((id) => isUuid(id)))];
    if (ids.length === 0) return new Map();
    const rows: Array<{ pricing_id: string; refill_days: number }> = await this.uow
      .manager()
      .query(`SELECT pricing_id, refill_days FROM tier_fulfilment WHERE pricing_id = ANY($1::uuid[]) AND refill_days > 0`, [ids]);
    return new Map(rows.map((row) => [row.pricing_id, Number(row.refill_days)]));
  }

  async save(mapping: TierMapping): Promise<boolean> {
    // INSERT … SELECT from the tier: a tier deleted meanwhile inserts nothing (instead of breaking the foreign key).
    const rows: unknown[] = await this.uow.manager().query(
      `INSERT INTO tier_fulfilment (pricing_id, service_id, service_name, quantity, updated_at, refill_days)
       SELECT t.pricing_id, $2, $3, $4, $5, $6 FROM pricing_tiers t WHERE t.pricing_id = $1
       ON CONFLICT (pricing_id) DO UPDATE
         SET service_id = EXCLUDED.service_id, service_name = EXCLUDED.service_name,
             quantity = EXCLUDED.quantity, updated_at = EXCLUDED.updated_at, refill_days = EXCLUDED.refill_days
       RETURNING pricing_id`,
      [mapping.pricingId, mapping.serviceId, mapping.serviceName, mapping.quantity, mapping.updatedAt, mapping.refillDays],
    );
    return rows.length > 0;
  }

  async remove(pricingId: string): Promise<TierMapping | null> {
    return this.uow.run(async () => {
      const row = await this.rows.createQueryBuilder('f').setLock('pessimistic_write').where('f.pricingId = :pricingId', { pricingId }).getOne();
      if (!row) return null;
      await this.rows.delete({ pricingId });
      return toMapping(row);
    });
  }
}
