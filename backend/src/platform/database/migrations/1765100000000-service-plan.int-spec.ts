/**
 * services.plan_id (migration 1765100000000-service-plan) on a shop that has services and plans:
 * down drops it with every row in place, up names each service's plan as the slug join found it
 * (plan slug first, else the oldest plan of that name), and a service no plan answers for keeps none.
 * Real: the PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every
 * migration. Fake: nothing; rows are written by SQL.
 */
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../test/support/database';
import { ServicePlan1765100000000 } from './1765100000000-service-plan';

describe.each(testDatabaseKinds())('services.plan_id migration on %s', (kind) => {
  let db: DataSource;

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const plan = async (name: string, slug: string, createdAt: string): Promise<string> =>
    (await db.query(`INSERT INTO plans (name, slug, platform, created_at) VALUES ($1, $2, $1, $3) RETURNING plan_id`, [name, slug, createdAt]))[0].plan_id;
  const service = async (heading: string, slug: string): Promise<string> =>
    (await db.query(`INSERT INTO services (heading, slug, description) VALUES ($1, $2, 'growth') RETURNING service_id`, [heading, slug]))[0].service_id;

  it('names the plan the slug join found, down and up on a full database', async () => {
    const bySlug = await plan('Video', 'mig-video', '2026-01-02T00:00:00Z');
    const oldest = await plan('mig-music', 'mig-music-1', '2026-01-01T00:00:00Z');
    await plan('MIG-Music ', 'mig-music-2', '2026-01-03T00:00:00Z');
    const video = await service('Mig Video', 'mig-video');
    const music = await service('Mig Music', 'mig-music');
    const none = await service('Mig Nothing', 'mig-nothing');
    await db.query(`UPDATE services SET plan_id = NULL WHERE service_id = ANY($1::uuid[])`, [[video, music, none]]);

    const runner = db.createQueryRunner();
    try {
      const migration = new ServicePlan1765100000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows: Array<{ service_id: string; plan_id: string | null }> = await db.query(`SELECT service_id, plan_id FROM services WHERE service_id = ANY($1::uuid[])`, [
      [video, music, none],
    ]);
    const planOf = new Map(rows.map((row) => [row.service_id, row.plan_id]));
    expect([planOf.get(video), planOf.get(music), planOf.get(none)]).toEqual([bySlug, oldest, null]);

    // A deleted plan leaves its service without one.
    await db.query(`DELETE FROM plans WHERE plan_id = $1`, [bySlug]);
    expect((await db.query(`SELECT plan_id FROM services WHERE service_id = $1`, [video]))[0].plan_id).toBeNull();
  });
});
