import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin lists at a million rows (tasks, clients, orders; docs/operations.md#admin-lists-at-scale).
 *
 * - pg_trgm, for `ILIKE '%…%'` searches through GIN trigram indexes. Created once per database in
 *   `public` when that schema exists (a test or bench schema of its own, dropped with CASCADE,
 *   would otherwise take the extension, and every index using it, with it); the operator class is
 *   named with the schema it really lives in, so a search_path without that schema still works.
 * - subscriptions: the customer's e-mail and name at purchase (the admin searches by e-mail; the
 *   subscriptions module may not join identity's users table), set by billing; backfilled here
 *   from users for the rows already there. Indexes for each admin sort, the Status filter and the
 *   q search. `subscription_status_totals`: per-Status row counts kept by statement triggers, so an
 *   unfiltered or Status-filtered tasks page never counts the table.
 * - users: trigram indexes for the clients search (name, e-mail, phone), the newest-first order
 *   with a tie-breaker, and `user_totals`, the row count kept the same way.
 * - payment_orders: the customer's name at ordering; the subscription the order became (set in
 *   the same transaction that records it, backfilled here), so "paid, but no subscription" is an
 *   index range; an index for unpaid orders newest first.
 *
 * The counters are sharded (16 rows per Status): each statement adds its delta to one random
 * shard, so concurrent purchases seldom wait for each other's counter row.
 */
export class AdminLists1764300000000 implements MigrationInterface {
  name = 'AdminLists1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const trgm = `${await trigramSchema(queryRunner)}.gin_trgm_ops`;

    // Subscriptions
    await queryRunner.query(`ALTER TABLE subscriptions ADD COLUMN customer_email text NOT NULL DEFAULT '', ADD COLUMN customer_name text NOT NULL DEFAULT ''`);
    await queryRunner.query(`UPDATE subscriptions s SET customer_email = u.email, customer_name = u.name FROM users u WHERE u.user_id = s.user_id`);
    // (created_at, subscription_id) serves newest first (backwards) and oldest first, tie included.
    await queryRunner.query(`DROP INDEX subscriptions_created_at_idx`);
    await queryRunner.query(`CREATE INDEX subscriptions_created_idx ON subscriptions (created_at, subscription_id)`);
    await queryRunner.query(`CREATE INDEX subscriptions_status_created_idx ON subscriptions (status, created_at, subscription_id)`);
    await queryRunner.query(`CREATE INDEX subscriptions_plan_created_idx ON subscriptions (plan_name, created_at, subscription_id)`);
    for (const column of ['order_id', 'payment_id', 'plan_name', 'customer_email']) {
      await queryRunner.query(`CREATE INDEX subscriptions_${column}_trgm ON subscriptions USING gin (${column} ${trgm})`);
    }
    await queryRunner.query(`
      CREATE TABLE subscription_status_totals (
        status smallint NOT NULL,
        shard  smallint NOT NULL CHECK (shard BETWEEN 0 AND 15),
        n      bigint NOT NULL,
        PRIMARY KEY (status, shard)
      )`);
    await queryRunner.query(`INSERT INTO subscription_status_totals (status, shard, n) SELECT status, 0, count(*) FROM subscriptions GROUP BY status`);
    // A transition table may only be declared where it exists: one trigger and function per event.
    await queryRunner.query(`
      CREATE FUNCTION subscription_status_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO subscription_status_totals AS t (status, shard, n)
        SELECT status, floor(random() * 16)::smallint, count(*) FROM new_rows GROUP BY status ORDER BY status
        ON CONFLICT (status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION subscription_status_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO subscription_status_totals AS t (status, shard, n)
        SELECT status, floor(random() * 16)::smallint, sum(delta) FROM (
          SELECT status, 1 AS delta FROM new_rows
          UNION ALL
          SELECT status, -1 AS delta FROM old_rows
        ) changes GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
        ON CONFLICT (status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION subscription_status_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO subscription_status_totals AS t (status, shard, n)
        SELECT status, floor(random() * 16)::smallint, -count(*) FROM old_rows GROUP BY status ORDER BY status
        ON CONFLICT (status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION subscription_status_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM subscription_status_totals;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER subscription_status_totals_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_status_totals_insert()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER subscription_status_totals_change AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_status_totals_change()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER subscription_status_totals_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_status_totals_delete()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER subscription_status_totals_truncate AFTER TRUNCATE ON subscriptions FOR EACH STATEMENT EXECUTE FUNCTION subscription_status_totals_truncate()`,
    );

    // Users
    await queryRunner.query(`DROP INDEX users_created_at_idx`);
    await queryRunner.query(`CREATE INDEX users_created_idx ON users (created_at, user_id)`);
    for (const column of ['email', 'name', 'phone']) {
      await queryRunner.query(`CREATE INDEX users_${column}_trgm ON users USING gin (${column} ${trgm})`);
    }
    await queryRunner.query(`CREATE TABLE user_totals (shard smallint PRIMARY KEY CHECK (shard BETWEEN 0 AND 15), n bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO user_totals (shard, n) SELECT 0, count(*) FROM users`);
    await queryRunner.query(`
      CREATE FUNCTION user_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        delta bigint;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM user_totals;
          RETURN NULL;
        ELSIF TG_OP = 'INSERT' THEN
          SELECT count(*) INTO delta FROM new_rows;
        ELSE
          SELECT -count(*) INTO delta FROM old_rows;
        END IF;
        IF delta <> 0 THEN
          INSERT INTO user_totals AS t (shard, n) VALUES (floor(random() * 16)::smallint, delta)
          ON CONFLICT (shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER user_totals_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_totals_follow()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER user_totals_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_totals_follow()`,
    );
    await queryRunner.query(`CREATE TRIGGER user_totals_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_totals_follow()`);

    // Payment orders
    await queryRunner.query(`ALTER TABLE payment_orders ADD COLUMN customer_name text NOT NULL DEFAULT '', ADD COLUMN subscription_id uuid NULL`);
    await queryRunner.query(`UPDATE payment_orders o SET customer_name = u.name FROM users u WHERE u.user_id = o.user_id`);
    await queryRunner.query(`UPDATE payment_orders o SET subscription_id = s.subscription_id FROM subscriptions s WHERE s.order_id = o.order_id`);
    await queryRunner.query(`CREATE INDEX payment_orders_paid_unlinked_idx ON payment_orders (created_at, order_id) WHERE status = 'paid' AND subscription_id IS NULL`);
    await queryRunner.query(`CREATE INDEX payment_orders_unpaid_created_idx ON payment_orders (created_at, order_id) WHERE status <> 'paid'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payment_orders_unpaid_created_idx`);
    await queryRunner.query(`DROP INDEX payment_orders_paid_unlinked_idx`);
    await queryRunner.query(`ALTER TABLE payment_orders DROP COLUMN subscription_id, DROP COLUMN customer_name`);

    await queryRunner.query(`DROP TRIGGER user_totals_truncate ON users`);
    await queryRunner.query(`DROP TRIGGER user_totals_delete ON users`);
    await queryRunner.query(`DROP TRIGGER user_totals_insert ON users`);
    await queryRunner.query(`DROP FUNCTION user_totals_follow()`);
    await queryRunner.query(`DROP TABLE user_totals`);
    for (const column of ['email', 'name', 'phone']) await queryRunner.query(`DROP INDEX users_${column}_trgm`);
    await queryRunner.query(`DROP INDEX users_created_idx`);
    await queryRunner.query(`CREATE INDEX users_created_at_idx ON users (created_at)`);

    for (const event of ['truncate', 'delete', 'change', 'insert']) {
      await queryRunner.query(`DROP TRIGGER subscription_status_totals_${event} ON subscriptions`);
      await queryRunner.query(`DROP FUNCTION subscription_status_totals_${event}()`);
    }
    await queryRunner.query(`DROP TABLE subscription_status_totals`);
    for (const column of ['order_id', 'payment_id', 'plan_name', 'customer_email']) await queryRunner.query(`DROP INDEX subscriptions_${column}_trgm`);
    await queryRunner.query(`DROP INDEX subscriptions_plan_created_idx`);
    await queryRunner.query(`DROP INDEX subscriptions_status_created_idx`);
    await queryRunner.query(`DROP INDEX subscriptions_created_idx`);
    await queryRunner.query(`CREATE INDEX subscriptions_created_at_idx ON subscriptions (created_at DESC)`);
    await queryRunner.query(`ALTER TABLE subscriptions DROP COLUMN customer_name, DROP COLUMN customer_email`);
    // pg_trgm stays: other schemas of the database may use it.
  }
}

/**
 * Makes sure pg_trgm is installed and returns its schema, quoted. An advisory lock keeps two
 * migrations on one server (parallel test schemas) from racing on CREATE EXTENSION.
 */
async function trigramSchema(queryRunner: QueryRunner): Promise<string> {
  await queryRunner.query(`SELECT pg_advisory_xact_lock(hashtext('growth: create extension pg_trgm'))`);
  const find = async () =>
    (await queryRunner.query(
      `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
  let found = await find();
  if (found.length === 0) {
    const [{ public: hasPublic }] = (await queryRunner.query(`SELECT to_regnamespace('public') IS NOT NULL AS public`)) as Array<{ public: boolean }>;
    await queryRunner.query(hasPublic ? `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public` : `CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    found = await find();
  }
  return found[0].schema;
}
