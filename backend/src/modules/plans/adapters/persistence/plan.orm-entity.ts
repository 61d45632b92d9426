import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { PlanStatus } from '../../domain/plan';
import { PricingTierOrmEntity } from './pricing-tier.orm-entity';

/** Table `plans` (created by migration 1763700000000-catalogue-and-plans). */
@Entity({ name: 'plans' })
export class PlanOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'plan_id' })
  planId: string;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'slug', type: 'text' })
  slug: string;

  @Column({ name: 'platform', type: 'text' })
  platform: string;

  @Column({ name: 'status', type: 'text', default: 'Active' })
  status: PlanStatus;

  @Column({ name: 'currency', type: 'text', default: 'USD' })
  currency: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany(() => PricingTierOrmEntity, (tier) => tier.plan)
  tiers?: Relation<PricingTierOrmEntity[]>;
}
