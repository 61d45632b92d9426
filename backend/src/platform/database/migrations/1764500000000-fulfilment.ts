import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic fulfilment through an upstream provider panel (docs/fulfilment.md).
 *
 * - subscriptions: Status widened to 0..4 (0 In Process, 1 Completed, 2 Partial, 3 Canceled,
 *   4 Refunded: the provider's final words). The trigger-kept per-Status counters
 *   (subscription_status_totals, AdminLists1764300000000) group by whatever Status a row has, so
 *   they follow 2..4 without a change.
 * - subscriptions: the fulfilment columns, all NULL on the manual path (fulfilment_state NULL):
 *   the state, the upstream service and quantity, what the provider last said (order id, raw status
 *   text, charge and its currency as decimal text, start count, remains), a note for staff, and the
 *   times it was queued, being placed, placed and last checked. A state other than NULL always has
 *   its service, quantity and queuing time; `open` and `done` always have the upstream order id.
 * - Partial indexes, each as small as the state it serves: the status sync reads `open` orders
 *   never checked first, then least recently checked; the admin's "needs review" filter reads and
 *   counts `needs_review` newest or oldest first; the sync pass finds `queued` orders whose job was
 *   lost and `placing` ones the app stopped during.
 * - tier_fulfilment (the fulfilment module's): which upstream service and quantity deliver a
 *   pricing tier; a tier without a row stays manual. Goes with its tier.
 */
export class Fulfilment1764500000000 implements MigrationInterface {
  name = 'Fulfilment1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The column's CHECK of 1763800000100-subscriptions, named by PostgreSQL after table and column.
    await queryRunner.query(`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check`);
    await queryRunner.query(`ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status BETWEEN 0 AND 4)`);

    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN fulfilment_state text NULL
          CONSTRAINT subscriptions_fulfilment_state_check CHECK (fulfilment_state IN ('queued', 'placing', 'open', 'needs_review', 'done', 'canceled')),
        ADD COLUMN upstream_service_id text NULL,
        ADD COLUMN upstream_service_name text NULL,
        ADD COLUMN upstream_quantity integer NULL CONSTRAINT subscriptions_upstream_quantity_check CHECK (upstream_quantity > 0),
        ADD COLUMN upstream_order_id text NULL,
        ADD COLUMN upstream_status text NULL,
        ADD COLUMN upstream_charge text NULL,
        ADD COLUMN upstream_currency text NULL,
        ADD COLUMN upstream_start_count bigint NULL,
        ADD COLUMN upstream_remains bigint NULL,
        ADD COLUMN fulfilment_note text NULL,
        ADD COLUMN fulfilment_queued_at timestamptz NULL,
        ADD COLUMN fulfilment_placing_at timestamptz NULL,
        ADD COLUMN fulfilment_placed_at timestamptz NULL,
        ADD COLUMN fulfilment_checked_at timestamptz NULL,
        ADD CONSTRAINT subscriptions_fulfilment_target_check
          CHECK (fulfilment_state IS NULL OR (upstream_service_id IS NOT NULL AND upstream_quantity IS NOT NULL AND fulfilment_queued_at IS NOT NULL)),
        ADD CONSTRAINT subscriptions_fulfilment_placed_check
          CHECK (fulfilment_state IS NULL OR fulfilment_state NOT IN ('open', 'done') OR upstream_order_id IS NOT NULL)`);

    await queryRunner.query(
      `CREATE INDEX subscriptions_fulfilment_open_idx ON subscriptions (fulfilment_checked_at NULLS FIRST, subscription_id) WHERE fulfilment_state = 'open'`,
    );
    await queryRunner.query(`CREATE INDEX subscriptions_fulfilment_review_idx ON subscriptions (created_at, subscription_id) WHERE fulfilment_state = 'needs_review'`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_fulfilment_queued_idx ON subscriptions (fulfilment_queued_at, subscription_id) WHERE fulfilment_state = 'queued'`,
    );
    await queryRunner.query(`CREATE INDEX subscriptions_fulfilment_placing_idx ON subscriptions (fulfilment_placing_at) WHERE fulfilment_state = 'placing'`);

    await queryRunner.query(`
      CREATE TABLE tier_fulfilment (
        pricing_id   uuid PRIMARY KEY REFERENCES pricing_tiers (pricing_id) ON DELETE CASCADE,
        service_id   text NOT NULL,
        service_name text NOT NULL DEFAULT '',
        quantity     integer NOT NULL CHECK (quantity > 0),
        updated_at   timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE tier_fulfilment`);
    for (const index of ['placing', 'queued', 'review', 'open']) await queryRunner.query(`DROP INDEX subscriptions_fulfilment_${index}_idx`);
    await queryRunner.query(`
      ALTER TABLE subscriptions
        DROP COLUMN fulfilment_state, DROP COLUMN upstream_service_id, DROP COLUMN upstream_service_name, DROP COLUMN upstream_quantity, DROP COLUMN upstream_order_id,
        DROP COLUMN upstream_status, DROP COLUMN upstream_charge, DROP COLUMN upstream_currency, DROP COLUMN upstream_start_count,
        DROP COLUMN upstream_remains, DROP COLUMN fulfilment_note, DROP COLUMN fulfilment_queued_at, DROP COLUMN fulfilment_placing_at,
        DROP COLUMN fulfilment_placed_at, DROP COLUMN fulfilment_checked_at`);
    // Rows the provider finished as Partial, Canceled or Refunded have no place in 0/1: they count as Completed.
    await queryRunner.query(`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check`);
    await queryRunner.query(`UPDATE subscriptions SET status = 1 WHERE status > 1`);
    await queryRunner.query(`ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN (0, 1))`);
  }
}
