import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Table `audit_log` (migration 1764200000000-audit-log). */
@Entity({ name: 'audit_log' })
export class AuditLogOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'audit_id' })
  auditId: string;

  @Column({ name: 'actor_id', type: 'uuid' })
  actorId: string;

  @Column({ name: 'actor_role', type: 'text' })
  actorRole: string;

  @Column({ name: 'action', type: 'text' })
  action: string;

  @Column({ name: 'entity', type: 'text' })
  entity: string;

  @Column({ name: 'entity_id', type: 'text' })
  entityId: string;

  @Column({ name: 'before', type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ name: 'after', type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
