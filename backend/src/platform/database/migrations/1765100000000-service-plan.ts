import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * services.plan_id: the plan that sells the service, by id (docs/catalogue.md, "Listing rule"), so a
 * new heading no longer unlinks it. Existing rows get the plan today's join finds at the service's
 * address: the plan whose slug it is, else the oldest plan whose trimmed name in lower case it is;
 * a service no plan answers for keeps null. A deleted plan leaves its services without one.
 */
export class ServicePlan1765100000000 implements MigrationInterface {
  name = 'ServicePlan1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE services ADD COLUMN plan_id uuid REFERENCES plans (plan_id) ON DELETE SET NULL`);
    await queryRunner.query(`
      UPDATE services s SET plan_id = coalesce(
        (SELECT p.plan_id FROM plans p WHERE p.slug = s.slug),
        (SELECT p.plan_id FROM plans p WHERE lower(btrim(p.name)) = s.slug ORDER BY p.created_at, p.plan_id LIMIT 1))`);
    await queryRunner.query(`CREATE INDEX services_plan_idx ON services (plan_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX services_plan_idx`);
    await queryRunner.query(`ALTER TABLE services DROP COLUMN plan_id`);
  }
}
