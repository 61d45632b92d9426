import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Table `service_slugs`: an address a service had before a rename (migration 1764900000200-service-slugs). */
@Entity({ name: 'service_slugs' })
export class ServiceSlugOrmEntity {
  @PrimaryColumn({ name: 'slug', type: 'text' })
  slug: string;

  @Column({ name: 'service_id', type: 'uuid' })
  serviceId: string;

  @CreateDateColumn({ name: 'retired_at', type: 'timestamptz' })
  retiredAt: Date;
}
