import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue (services and their ordered content items) and plans (plans and their pricing tiers).
 * Plain PostgreSQL that PGlite runs too (gen_random_uuid is core since PostgreSQL 13).
 */
export class CatalogueAndPlans1763700000000 implements MigrationInterface {
  name = 'CatalogueAndPlans1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE services (
        service_id  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        heading     text NOT NULL CHECK (length(btrim(heading)) > 0),
        description text NOT NULL,
        logo        text NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    // One service per heading: its slug is the address of the pricing page.
    await queryRunner.query(`CREATE UNIQUE INDEX services_heading_key ON services (lower(heading))`);
    await queryRunner.query(`CREATE INDEX services_catalogue_order_idx ON services (created_at, heading, service_id)`);

    await queryRunner.query(`
      CREATE TABLE service_content (
        content_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        service_id uuid NOT NULL REFERENCES services (service_id) ON DELETE CASCADE,
        key        text NOT NULL,
        value      text NOT NULL,
        position   integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE INDEX service_content_service_idx ON service_content (service_id, position)`);

    await queryRunner.query(`
      CREATE TABLE plans (
        plan_id    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name       text NOT NULL CHECK (length(btrim(name)) > 0),
        slug       text NOT NULL CHECK (slug = lower(slug) AND length(slug) > 0),
        platform   text NOT NULL,
        status     text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive', 'Pending')),
        currency   text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX plans_slug_key ON plans (slug)`);
    await queryRunner.query(`CREATE INDEX plans_name_idx ON plans (lower(name))`);

    await queryRunner.query(`
      CREATE TABLE pricing_tiers (
        pricing_id  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        plan_id     uuid NOT NULL REFERENCES plans (plan_id) ON DELETE CASCADE,
        name        text NOT NULL,
        price       numeric(12, 2) NOT NULL CHECK (price >= 0),
        description text NOT NULL DEFAULT '',
        features    jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(features) = 'array'),
        is_popular  boolean NOT NULL DEFAULT false,
        position    integer NOT NULL DEFAULT 0,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX pricing_tiers_plan_idx ON pricing_tiers (plan_id, position)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE pricing_tiers`);
    await queryRunner.query(`DROP TABLE plans`);
    await queryRunner.query(`DROP TABLE service_content`);
    await queryRunner.query(`DROP TABLE services`);
  }
}
