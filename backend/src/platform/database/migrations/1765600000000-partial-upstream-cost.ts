import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ORDER_STATUS } from '../../../kernel/order-status';
import { applyAttention, applySales, type Inputs, SOURCES, union } from './1764800000000-reports';
import { defineRebuild, defineTriggers, fulfilmentsSource, inProcess, needsReview, rebuiltRecords, subscriptionsSource } from './1765300000000-fulfilments';

/**
 * The Overview's upstream cost of a Partial order is the charge's delivered share, as on the order's
 * card (docs/fulfilment.md): `charge × (quantity − remains) / quantity`,
 * rounded half away from zero to the charge's digits (at least cents), because panels credit the
 * undelivered share back instead of lowering `charge`. While the remains cannot say what was
 * delivered (none reported, or outside 0…quantity) the charge counts whole, as before. Up rewrites the
 * rollup triggers of subscriptions and fulfilments and report_rebuild() with that cost, then recounts
 * the rollups; down puts Fulfilments1765300000000's back and recounts. Nothing else is stored.
 */
export class PartialUpstreamCost1765600000000 implements MigrationInterface {
  name = 'PartialUpstreamCost1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await defineTriggers(
      queryRunner,
      'subscriptions',
      (inputs) => applyAttention(union(inputs, inProcess)) + applySales(union(inputs, (rows, sign) => cost(rows, 'fulfilments', sign))),
    );
    await defineTriggers(
      queryRunner,
      'fulfilments',
      (inputs) => applyAttention(union(inputs, needsReview)) + applySales(union(inputs, (rows, sign) => cost('subscriptions', rows, sign))),
    );
    await defineRebuild(queryRunner, [...otherSources(), rebuilt()]);
    await queryRunner.query(`SELECT report_rebuild()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await defineTriggers(queryRunner, 'subscriptions', subscriptionsSource);
    await defineTriggers(queryRunner, 'fulfilments', fulfilmentsSource);
    await defineRebuild(queryRunner, [...otherSources(), rebuiltRecords()]);
    await queryRunner.query(`SELECT report_rebuild()`);
  }
}

/** report_rebuild()'s parts for the tables this migration leaves as they are. */
const otherSources = () => SOURCES.filter((s) => s.table !== 'subscriptions').map((s) => s.apply([[s.table, 1]] satisfies Inputs));

const rebuilt = () => applyAttention(`${needsReview('fulfilments', 1)} UNION ALL ${inProcess('subscriptions', 1)}`) + applySales(cost('subscriptions', 'fulfilments', 1));

/** Fulfilments1765300000000's cost, with a Partial order's delivered share. */
function cost(subscriptions: string, fulfilments: string, sign: number): string {
  const charge = 'report_decimal(f.upstream_charge)';
  return `
    SELECT s.created_at AS at, coalesce(upper(btrim(s.pricing->>'currency')), '') AS currency, coalesce(o.plan_slug, '') AS platform,
           coalesce(s.pricing->>'name', '') AS tier,
           CASE WHEN upper(btrim(f.upstream_currency)) = coalesce(upper(btrim(s.pricing->>'currency')), '') THEN NULL
                ELSE upper(btrim(f.upstream_currency)) END AS cost_currency,
           0::bigint AS orders, 0::bigint AS revenue, 0::bigint AS refunds, 0::bigint AS refund_count,
           (${sign}) * CASE
             WHEN s.status = ${ORDER_STATUS.Partial} AND f.upstream_quantity > 0 AND f.upstream_remains BETWEEN 0 AND f.upstream_quantity
               THEN round(${charge} * (f.upstream_quantity - f.upstream_remains) / f.upstream_quantity, greatest(scale(${charge}), 2))
             ELSE ${charge} END AS upstream_cost,
           (${sign})::bigint AS upstream_orders
    FROM ${subscriptions} s JOIN ${fulfilments} f ON f.subscription_id = s.subscription_id LEFT JOIN payment_orders o ON o.order_id = s.order_id
    WHERE f.fulfilment_state <> 'canceled' AND NOT (f.fulfilment_state = 'done' AND s.status IN (${ORDER_STATUS.Canceled}, ${ORDER_STATUS.Refunded}))
      AND nullif(btrim(f.upstream_currency), '') IS NOT NULL AND ${charge} IS NOT NULL`;
}
