import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts and sessions:
 * - `ended_sessions`: the session ids (`jti`) of tokens ended by logging out, each kept until the
 *   token's own expiry (see platform/auth EndedSessions).
 * - admin codes of a third purpose, `email-change-stop`: the link mailed to the OLD address when an
 *   e-mail change is requested, which stops the change (or undoes it, for a while after it took
 *   effect). Its `email` is the address to keep.
 */
export class AccountsAndSessions1764700000500 implements MigrationInterface {
  name = 'AccountsAndSessions1764700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ended_sessions (
        session_id uuid PRIMARY KEY,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX ended_sessions_expires_at ON ended_sessions (expires_at)`);
    await queryRunner.query(`ALTER TABLE admin_codes DROP CONSTRAINT admin_codes_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE admin_codes ADD CONSTRAINT admin_codes_purpose_check CHECK (purpose IN ('password-reset', 'email-change', 'email-change-stop'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM admin_codes WHERE purpose = 'email-change-stop'`);
    await queryRunner.query(`ALTER TABLE admin_codes DROP CONSTRAINT admin_codes_purpose_check`);
    await queryRunner.query(`ALTER TABLE admin_codes ADD CONSTRAINT admin_codes_purpose_check CHECK (purpose IN ('password-reset', 'email-change'))`);
    await queryRunner.query(`DROP TABLE ended_sessions`);
  }
}
