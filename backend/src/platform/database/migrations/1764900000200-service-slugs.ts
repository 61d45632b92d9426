import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * services.slug: the service's address (/services/{slug}), slug(heading), one per service; and
 * service_slugs: the addresses a service had before a rename, so an address a customer holds keeps
 * leading to the service (docs/catalogue.md, "Addresses"). Existing rows get slug(heading); should
 * two headings share a slug, the younger service's gets the start of its id appended.
 */
export class ServiceSlugs1764900000200 implements MigrationInterface {
  name = 'ServiceSlugs1764900000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE services ADD COLUMN slug text`);
    await queryRunner.query(`UPDATE services SET slug = trim(both '-' from regexp_replace(lower(heading), '[^a-z0-9]+', '-', 'g'))`);
    await queryRunner.query(`UPDATE services SET slug = 'service' WHERE slug = ''`);
    await queryRunner.query(`
      UPDATE services s SET slug = s.slug || '-' || left(s.service_id::text, 8)
      FROM (SELECT service_id, row_number() OVER (PARTITION BY slug ORDER BY created_at, service_id) AS n FROM services) d
      WHERE d.service_id = s.service_id AND d.n > 1`);
    await queryRunner.query(`ALTER TABLE services ALTER COLUMN slug SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX services_slug_key ON services (slug)`);
    await queryRunner.query(`
      CREATE TABLE service_slugs (
        slug       text PRIMARY KEY,
        service_id uuid NOT NULL REFERENCES services (service_id) ON DELETE CASCADE,
        retired_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX service_slugs_service_idx ON service_slugs (service_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE service_slugs`);
    await queryRunner.query(`DROP INDEX services_slug_key`);
    await queryRunner.query(`ALTER TABLE services DROP COLUMN slug`);
  }
}
