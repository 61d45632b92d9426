import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * password_reset_codes: a customer's live "Forgot Password?" code, at most one per account (a new
 * one replaces it; the right one is removed when used). Only a keyed hash of the code is kept. The
 * rules (10 minutes, 5 entries, 60 s between mails) are in docs/accounts.md.
 */
export class PasswordResetCodes1764900000100 implements MigrationInterface {
  name = 'PasswordResetCodes1764900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_reset_codes (
        user_id    uuid PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
        email      text NOT NULL,
        code_hash  text NOT NULL,
        sent_at    timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        tries      integer NOT NULL DEFAULT 0 CHECK (tries >= 0)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE password_reset_codes`);
  }
}
