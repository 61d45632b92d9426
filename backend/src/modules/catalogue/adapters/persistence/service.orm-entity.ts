import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { ServiceContentOrmEntity } from './service-content.orm-entity';

/** Table `services` (created by migration 1763700000000-catalogue-and-plans). */
@Entity({ name: 'services' })
export class ServiceOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'service_id' })
  serviceId: string;

  @Column({ name: 'heading', type: 'text' })
  heading: string;

  /** slug(heading), unique: the service's address (migration 1764900000200-service-slugs). */
  @Column({ name: 'slug', type: 'text' })
  slug: string;

  /** The plan that sells the service (migration 1765100000000-service-plan); null: none named. */
  @Column({ name: 'plan_id', type: 'uuid', nullable: true })
  planId: string | null;

  @Column({ name: 'description', type: 'text' })
  description: string;

  @Column({ name: 'logo', type: 'text', nullable: true })
  logo: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany(() => ServiceContentOrmEntity, (item) => item.service)
  content?: Relation<ServiceContentOrmEntity[]>;
}
