import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log: every admin write (who, what, which id, when, small before/after snapshots). */
export class AuditLog1764200000000 implements MigrationInterface {
  name = 'AuditLog1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_log (
        audit_id   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_id   uuid NOT NULL,
        actor_role text NOT NULL,
        action     text NOT NULL,
        entity     text NOT NULL,
        entity_id  text NOT NULL,
        before     jsonb NULL,
        after      jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX audit_log_created_at_idx ON audit_log (created_at DESC, audit_id DESC)`);
    await queryRunner.query(`CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE audit_log`);
  }
}
