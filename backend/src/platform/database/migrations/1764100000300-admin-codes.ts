import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-time codes of the admin area: password reset (to the admin's address) and e-mail change (to
 * the new address). At most one live code per admin and purpose; only a keyed hash of the code is
 * kept. Codes go with their admin.
 */
export class AdminCodes1764100000300 implements MigrationInterface {
  name = 'AdminCodes1764100000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin_codes (
        admin_id   uuid NOT NULL REFERENCES admins (admin_id) ON DELETE CASCADE,
        purpose    text NOT NULL CHECK (purpose IN ('password-reset', 'email-change')),
        email      text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
        code_hash  text NOT NULL,
        sent_at    timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        tries      integer NOT NULL DEFAULT 0 CHECK (tries >= 0),
        PRIMARY KEY (admin_id, purpose)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin_codes`);
  }
}
