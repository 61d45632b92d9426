import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Table `tier_fulfilment`: the upstream service and quantity that deliver a pricing tier (none: manual). */
@Entity({ name: 'tier_fulfilment' })
export class TierFulfilmentOrmEntity {
  @PrimaryColumn({ name: 'pricing_id', type: 'uuid' })
  pricingId: string;

  @Column({ name: 'service_id', type: 'text' })
  serviceId: string;

  @Column({ name: 'service_name', type: 'text', default: '' })
  serviceName: string;

  @Column({ name: 'quantity', type: 'integer' })
  quantity: number;

  /** The refill guarantee in days, 0: none (migration 1764900000000-refills, docs/refill.md). */
  @Column({ name: 'refill_days', type: 'smallint', default: 0 })
  refillDays: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
