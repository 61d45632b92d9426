import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { PlanOrmEntity } from './plan.orm-entity';

/** Table `pricing_tiers`: the package cards of a plan. */
@Entity({ name: 'pricing_tiers' })
export class PricingTierOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'pricing_id' })
  pricingId: string;

  @Column({ name: 'plan_id', type: 'uuid' })
  planId: string;

  @ManyToOne(() => PlanOrmEntity, (plan) => plan.tiers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan?: Relation<PlanOrmEntity>;

  @Column({ name: 'name', type: 'text' })
  name: string;

  /** numeric(12,2): the driver hands it back as text, which is what the API shows. */
  @Column({ name: 'price', type: 'numeric', precision: 12, scale: 2 })
  price: string;

  @Column({ name: 'description', type: 'text', default: '' })
  description: string;

  @Column({ name: 'features', type: 'jsonb', default: () => "'[]'::jsonb" })
  features: string[];

  @Column({ name: 'is_popular', type: 'boolean', default: false })
  isPopular: boolean;

  @Column({ name: 'position', type: 'integer', default: 0 })
  position: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
