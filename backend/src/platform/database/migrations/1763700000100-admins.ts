import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Staff accounts of the admin area. E-mail unique regardless of case. */
export class Admins1763700000100 implements MigrationInterface {
  name = 'Admins1763700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admins (
        admin_id      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email         text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
        password_hash text NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX admins_email_key ON admins (email)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admins`);
  }
}
