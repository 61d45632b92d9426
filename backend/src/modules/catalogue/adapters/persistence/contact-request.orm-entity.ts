import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Table `contact_requests` (created by migration 1763700000400-contact-requests-and-documents). */
@Entity({ name: 'contact_requests' })
export class ContactRequestOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id' })
  id: string;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'email', type: 'text' })
  email: string;

  @Column({ name: 'service_type', type: 'text' })
  serviceType: string;

  @Column({ name: 'platform', type: 'text' })
  platform: string;

  @Column({ name: 'message', type: 'text' })
  message: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'handled_at', type: 'timestamptz', nullable: true })
  handledAt: Date | null;
}
