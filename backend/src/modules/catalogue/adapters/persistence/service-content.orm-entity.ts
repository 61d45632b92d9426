import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ServiceOrmEntity } from './service.orm-entity';

/** Table `service_content`: the ordered key/value items of a service. */
@Entity({ name: 'service_content' })
export class ServiceContentOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'content_id' })
  contentId: string;

  @Column({ name: 'service_id', type: 'uuid' })
  serviceId: string;

  @ManyToOne(() => ServiceOrmEntity, (service) => service.content, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'service_id' })
  service?: Relation<ServiceOrmEntity>;

  @Column({ name: 'key', type: 'text' })
  key: string;

  @Column({ name: 'value', type: 'text' })
  value: string;

  @Column({ name: 'position', type: 'integer' })
  position: number;
}
