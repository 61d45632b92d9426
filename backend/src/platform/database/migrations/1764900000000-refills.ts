import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refills (docs/refill.md).
 *
 * - tier_fulfilment.refill_days (fulfilment's): the refill guarantee a tier's mapping carries, in
 *   days (0: none, at most 365).
 * - subscriptions.refill_days: the guarantee as bought (copied from the mapping when the order is
 *   queued for the provider; later mapping edits do not change it); subscriptions.completed_at: when
 *   the order was first settled Completed or Partial (the guarantee runs from there);
 *   subscriptions.refill_summary: what the bodies show of the order's refills (its newest 20),
 *   rewritten in the statement of every refill change; subscriptions.completion_mailed_at: when the
 *   "order completed" mail was written (claimed once by a conditional UPDATE; the partial index
 *   finds the Completed orders not mailed yet). A trigger sets completed_at at the first Status 1 or
 *   2, whoever writes it.
 * - refills (subscriptions'): one row per refill asked of the provider, recorded BEFORE the call
 *   (`placing`). At most one in flight (`placing`, `open`, `review`) per order: a unique partial
 *   index, so two requests at once cannot both be placed. The partial indexes serve the sync pass
 *   (open refills, least recently checked first) and the sweep of refills left `placing`.
 *
 * Rows from before: orders already Completed or Partial get their completion time from their last
 * check (or last change), and are counted as mailed (they were completed before the mail existed).
 */
export class Refills1764900000000 implements MigrationInterface {
  name = 'Refills1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE tier_fulfilment
        ADD COLUMN refill_days smallint NOT NULL DEFAULT 0,
        ADD CONSTRAINT tier_fulfilment_refill_days_check CHECK (refill_days BETWEEN 0 AND 365)`);
    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN refill_days smallint NOT NULL DEFAULT 0,
        ADD COLUMN completed_at timestamptz NULL,
        ADD COLUMN refill_summary jsonb NULL,
        ADD COLUMN completion_mailed_at timestamptz NULL,
        ADD CONSTRAINT subscriptions_refill_days_check CHECK (refill_days BETWEEN 0 AND 365)`);
    await queryRunner.query(`
      UPDATE subscriptions
         SET completed_at = coalesce(fulfilment_checked_at, updated_at),
             completion_mailed_at = CASE WHEN status = 1 THEN coalesce(fulfilment_checked_at, updated_at) END
       WHERE status IN (1, 2)`);

    // The guarantee runs from the first completion, whoever settles it (the sync pass, a link, staff).
    await queryRunner.query(`
      CREATE FUNCTION subscriptions_completed_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IN (1, 2) AND NEW.completed_at IS NULL THEN
          NEW.completed_at := now();
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER subscriptions_completed_at BEFORE INSERT OR UPDATE OF status ON subscriptions
        FOR EACH ROW EXECUTE FUNCTION subscriptions_completed_at()`);
    await queryRunner.query(`CREATE INDEX subscriptions_completion_mail_due_idx ON subscriptions (subscription_id) WHERE status = 1 AND completion_mailed_at IS NULL`);

    await queryRunner.query(`
      CREATE TABLE refills (
        refill_id          uuid PRIMARY KEY,
        subscription_id    uuid NOT NULL REFERENCES subscriptions (subscription_id),
        state              text NOT NULL CHECK (state IN ('placing', 'open', 'review', 'completed', 'rejected')),
        actor              text NOT NULL CHECK (actor IN ('customer', 'staff')),
        actor_id           text NOT NULL,
        upstream_order_id  text NOT NULL,
        upstream_refill_id text NULL,
        upstream_status    text NULL,
        failure            text NULL,
        unsupported        boolean NOT NULL DEFAULT false,
        requested_at       timestamptz NOT NULL,
        placed_at          timestamptz NULL,
        checked_at         timestamptz NULL,
        settled_at         timestamptz NULL,
        CHECK (state <> 'open' OR upstream_refill_id IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX refills_in_flight_once_idx ON refills (subscription_id) WHERE state IN ('placing', 'open', 'review')`);
    await queryRunner.query(`CREATE INDEX refills_of_subscription_idx ON refills (subscription_id, requested_at DESC, refill_id DESC)`);
    await queryRunner.query(`CREATE INDEX refills_open_idx ON refills (checked_at ASC NULLS FIRST, refill_id) WHERE state = 'open'`);
    await queryRunner.query(`CREATE INDEX refills_placing_idx ON refills (requested_at) WHERE state = 'placing'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE refills`);
    await queryRunner.query(`DROP INDEX subscriptions_completion_mail_due_idx`);
    await queryRunner.query(`DROP TRIGGER subscriptions_completed_at ON subscriptions`);
    await queryRunner.query(`DROP FUNCTION subscriptions_completed_at()`);
    await queryRunner.query(`
      ALTER TABLE subscriptions
        DROP CONSTRAINT subscriptions_refill_days_check,
        DROP COLUMN completion_mailed_at, DROP COLUMN refill_summary, DROP COLUMN completed_at, DROP COLUMN refill_days`);
    await queryRunner.query(`ALTER TABLE tier_fulfilment DROP CONSTRAINT tier_fulfilment_refill_days_check, DROP COLUMN refill_days`);
  }
}
