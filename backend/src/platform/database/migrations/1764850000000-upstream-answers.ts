import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The note a row gets when it held the same provider order id as an earlier order (see up, step 3). */
export const MIGRATED_DUPLICATE_NOTE =
  "is also held by order %s: this order's status may be the other's. Check the provider panel, then link the right order, retry or cancel.";

/**
 * What a provider panel says is not trusted (docs/fulfilment.md, "What a panel may say"):
 *
 * 1. Texts stored before they were bounded are cut: a status text to 100 characters, a note to
 *    1,000, a currency longer than 10 characters removed (a 5 MiB status was kept per order).
 * 2. Facts that cannot be true are removed (NULL), each named in the row's note for staff: a
 *    negative or absurd start count (over 10^11), remains below 0 or above the quantity ordered, a
 *    charge that is not plain decimal text from 0 to under 10^9. Customers never saw them again
 *    after the presenter's guard; the margin and billing no longer read them.
 * 3. One provider order id, one order of ours: of the `open` and `done` orders that share one, the
 *    first placed keeps it; each other goes to `needs_review` with a note naming the first.
 *    (A `done` one leaves `done`, so billing does not refund on a status that may be another order's
 *    until staff decide.) Then a unique partial index holds the rule under concurrency: a second
 *    placement or link of the same id fails in the database, whoever runs it.
 *
 * Down drops the index only; the cut texts and removed values are not restored.
 */
export class UpstreamAnswers1764850000000 implements MigrationInterface {
  name = 'UpstreamAnswers1764850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE subscriptions SET
        upstream_status = CASE WHEN char_length(upstream_status) > 100 THEN rtrim(left(upstream_status, 99)) || '…' ELSE upstream_status END,
        upstream_currency = CASE WHEN char_length(upstream_currency) > 10 THEN NULL ELSE upstream_currency END,
        fulfilment_note = CASE WHEN char_length(fulfilment_note) > 1000 THEN rtrim(left(fulfilment_note, 999)) || '…' ELSE fulfilment_note END
      WHERE char_length(upstream_status) > 100 OR char_length(upstream_currency) > 10 OR char_length(fulfilment_note) > 1000`);

    await queryRunner.query(`
      WITH doubtful AS (
        SELECT subscription_id,
               (upstream_start_count < 0 OR upstream_start_count > 100000000000) AS bad_start,
               (upstream_remains < 0 OR upstream_remains > upstream_quantity) AS bad_remains,
               (upstream_charge !~ '^[0-9]{1,9}([.][0-9]{1,20})?$') AS bad_charge
          FROM subscriptions
         WHERE fulfilment_state IS NOT NULL
      )
      UPDATE subscriptions s SET
        upstream_start_count = CASE WHEN d.bad_start THEN NULL ELSE s.upstream_start_count END,
        upstream_remains = CASE WHEN d.bad_remains THEN NULL ELSE s.upstream_remains END,
        upstream_charge = CASE WHEN d.bad_charge THEN NULL ELSE s.upstream_charge END,
        fulfilment_note = left(concat_ws(' ', s.fulfilment_note,
          'Removed, the provider''s values cannot be true: ' || concat_ws('; ',
            CASE WHEN d.bad_start THEN 'start_count ' || s.upstream_start_count END,
            CASE WHEN d.bad_remains THEN 'remains ' || s.upstream_remains || ' (' || s.upstream_quantity || ' ordered)' END,
            CASE WHEN d.bad_charge THEN 'charge "' || left(s.upstream_charge, 40) || '"' END)), 1000)
        FROM doubtful d
       WHERE s.subscription_id = d.subscription_id AND (d.bad_start OR d.bad_remains OR d.bad_charge)`);

    await queryRunner.query(
      `
      WITH ranked AS (
        SELECT subscription_id, upstream_order_id,
               first_value(order_id) OVER holders AS first_order,
               row_number() OVER holders AS n
          FROM subscriptions
         WHERE upstream_order_id IS NOT NULL AND fulfilment_state IN ('open', 'done')
        WINDOW holders AS (PARTITION BY upstream_order_id ORDER BY fulfilment_placed_at ASC NULLS LAST, created_at, subscription_id)
      )
      UPDATE subscriptions s
         SET fulfilment_state = 'needs_review',
             fulfilment_note = 'Provider order ' || r.upstream_order_id || ' ' || replace($1, '%s', r.first_order)
        FROM ranked r
       WHERE s.subscription_id = r.subscription_id AND r.n > 1`,
      [MIGRATED_DUPLICATE_NOTE],
    );

    await queryRunner.query(`CREATE UNIQUE INDEX subscriptions_upstream_order_once_idx ON subscriptions (upstream_order_id) WHERE fulfilment_state IN ('open', 'done')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX subscriptions_upstream_order_once_idx`);
  }
}
