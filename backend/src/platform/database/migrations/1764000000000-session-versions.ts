import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Token versions: every session token carries the version of its account at sign-in, and the guard
 * refuses a token whose version is no longer the account's. Raising the version (a password change,
 * "log out everywhere") ends every session of that account at once.
 */
export class SessionVersions1764000000000 implements MigrationInterface {
  name = 'SessionVersions1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0 CHECK (token_version >= 0)`);
    await queryRunner.query(`ALTER TABLE admins ADD COLUMN token_version integer NOT NULL DEFAULT 0 CHECK (token_version >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE admins DROP COLUMN token_version`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN token_version`);
  }
}
