import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity: countries (seeded), customer accounts, and e-mail verifications (one per address,
 * holding only the HMAC of the code).
 */
export class Identity1763800000000 implements MigrationInterface {
  name = 'Identity1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE countries (
        country_id   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code         text NOT NULL CHECK (code ~ '^[A-Z]{2}$'),
        name         text NOT NULL CHECK (length(btrim(name)) > 0),
        calling_code text NOT NULL CHECK (calling_code ~ '^\\+[0-9]{1,4}$'),
        flag         text NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX countries_code_key ON countries (code)`);

    await queryRunner.query(`
      CREATE TABLE users (
        user_id       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email         text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
        name          text NOT NULL CHECK (length(btrim(name)) > 0),
        phone         text NOT NULL DEFAULT '',
        country_id    uuid NULL REFERENCES countries (country_id),
        calling_id    uuid NULL REFERENCES countries (country_id),
        address       text NULL,
        gender        smallint NULL CHECK (gender IN (0, 1, 2)),
        password_hash text NULL,
        google_id     text NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_google_id_key ON users (google_id) WHERE google_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX users_created_at_idx ON users (created_at)`);

    await queryRunner.query(`
      CREATE TABLE email_verifications (
        email       text PRIMARY KEY CHECK (email = lower(email)),
        code_hash   text NOT NULL,
        sent_at     timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        tries       integer NOT NULL DEFAULT 0 CHECK (tries >= 0),
        verified_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX email_verifications_sent_at_idx ON email_verifications (sent_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE email_verifications`);
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE countries`);
  }
}
