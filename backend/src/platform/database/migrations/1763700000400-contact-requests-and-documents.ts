import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue: contact requests sent from the Contact page, and the stored documents (FAQ and the
 * policies) that the information pages render and the admin Documents group edits.
 */
export class ContactRequestsAndDocuments1763700000400 implements MigrationInterface {
  name = 'ContactRequestsAndDocuments1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE contact_requests (
        id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name         text NOT NULL CHECK (length(btrim(name)) > 0),
        email        text NOT NULL CHECK (position('@' in email) > 1),
        service_type text NOT NULL CHECK (service_type IN ('growth', 'management', 'consultation')),
        platform     text NOT NULL,
        message      text NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        handled_at   timestamptz NULL
      )`);
    // The admin inbox lists open requests, newest first.
    await queryRunner.query(`CREATE INDEX contact_requests_open_idx ON contact_requests (created_at DESC) WHERE handled_at IS NULL`);

    await queryRunner.query(`
      CREATE TABLE documents (
        slug         text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        title        text NOT NULL CHECK (length(btrim(title)) > 0),
        last_updated date NOT NULL,
        content      jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object'),
        updated_at   timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE documents`);
    await queryRunner.query(`DROP TABLE contact_requests`);
  }
}
