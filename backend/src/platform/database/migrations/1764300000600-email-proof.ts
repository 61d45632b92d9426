import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * users.email_verified_at: when the owner of the address was proven (the OTP entered at registration,
 * a Google sign-in). A password on an account without it may have been set by someone who never
 * proved the address: before registration counted its code tries, the code could be guessed there
 * and the address registered ahead of its owner. The owner's first Google sign-in then takes that
 * password away (see GoogleSignInUseCase).
 *
 * Existing rows: accounts made by Google sign-in (no password) were proven by Google when they were
 * made; accounts with a password stay unproven, since nothing recorded who set it.
 */
export class EmailProof1764300000600 implements MigrationInterface {
  name = 'EmailProof1764300000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN email_verified_at timestamptz NULL`);
    await queryRunner.query(`UPDATE users SET email_verified_at = created_at WHERE google_id IS NOT NULL AND password_hash IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
  }
}
