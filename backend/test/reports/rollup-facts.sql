-- Each fact once, with the instant it belongs to (docs/reports.md, "What each figure is"): paid orders,
-- processed refunds and provider charges as the reporting rollups count them, written independently of
-- the triggers' SQL. Read by backend/test/reports/rollup-check.ts and e2e/bench/admin.mjs.
SELECT o.paid_at AS at, o.currency, o.plan_slug AS platform, o.tier->>'name' AS tier, NULL::text AS cost_currency,
       1 AS orders, o.amount AS revenue, 0 AS refunds, 0 AS refund_count, 0::numeric AS upstream_cost, 0 AS upstream_orders
FROM payment_orders o WHERE o.status = 'paid'
UNION ALL
SELECT r.settled_at, r.currency, o.plan_slug, o.tier->>'name', NULL, 0, 0, r.amount, 1, 0, 0
FROM refunds r JOIN payment_orders o ON o.order_id = r.order_id WHERE r.state = 'processed'
UNION ALL
SELECT s.created_at, s.pricing->>'currency', o.plan_slug, s.pricing->>'name',
       CASE WHEN upper(btrim(f.upstream_currency)) = s.pricing->>'currency' THEN NULL ELSE upper(btrim(f.upstream_currency)) END,
       0, 0, 0, 0,
       -- A Partial order: the charge's delivered share, rounded half away from zero to its digits (at least cents).
       CASE WHEN s.status = 2 AND f.upstream_quantity > 0 AND f.upstream_remains BETWEEN 0 AND f.upstream_quantity
            THEN round(f.upstream_charge::numeric * (f.upstream_quantity - f.upstream_remains) / f.upstream_quantity, greatest(scale(f.upstream_charge::numeric), 2))
            ELSE f.upstream_charge::numeric END,
       1
FROM subscriptions s JOIN fulfilments f ON f.subscription_id = s.subscription_id JOIN payment_orders o ON o.order_id = s.order_id
WHERE f.upstream_charge ~ '^[0-9]+([.][0-9]+)?$' AND f.upstream_currency IS NOT NULL
  AND f.fulfilment_state <> 'canceled' AND NOT (f.fulfilment_state = 'done' AND s.status IN (3, 4))
