import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds (docs/refunds.md).
 *
 * - refunds (billing's): one row per refund of a paid payment order, in minor units, with its reason
 *   (what fell short, a customer's request, staff, or a payment that could not be honoured),
 *   who started it, its state and the gateway's id; our idempotency key is unique (an automatic
 *   refund's key is derived from its subscription, so it can exist once).
 * - payment_orders.refunded_amount: what the order's refunds that did not fail add up to. Kept by
 *   the trigger below and held by a CHECK between 0 and the paid amount (0 while not paid): an insert
 *   that would refund more than was paid fails, whoever inserts it. The trigger's UPDATE takes the
 *   order's row lock, so concurrent refunds of one order are serialised and each sees the others.
 * - refund_requests (billing's): a customer's ask, or an automatic refund waiting for staff; one
 *   open request per subscription (unique partial index).
 * - sandbox_refunds: what the sandbox gateway was asked to refund, so it answers like Razorpay's
 *   GET /v1/refunds/{id} after a restart.
 * - subscriptions.refund_summary (subscriptions'): what the customer's and staff's bodies show of the
 *   order's refunds, written by billing through the SubscriptionRefunds port in the transaction of
 *   each change; subscriptions.shortfall_settled_at: when the automatic refund of what the provider
 *   did not deliver was settled (claimed once by a conditional UPDATE). The partial index serves the
 *   sweep that finds finished-short orders not settled yet.
 */
export class Refunds1764600000000 implements MigrationInterface {
  name = 'Refunds1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payment_orders
        ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0,
        ADD CONSTRAINT payment_orders_refunded_check
          CHECK (refunded_amount >= 0 AND refunded_amount <= CASE WHEN status = 'paid' THEN amount ELSE 0 END)`);

    await queryRunner.query(`
      CREATE TABLE refunds (
        refund_id         uuid PRIMARY KEY,
        order_id          text NOT NULL REFERENCES payment_orders (order_id),
        subscription_id   uuid NULL,
        payment_id        text NOT NULL,
        amount            bigint NOT NULL CHECK (amount > 0),
        currency          text NOT NULL,
        reason            text NOT NULL CHECK (reason IN ('undelivered', 'customer_request', 'staff', 'not_honoured')),
        note              text NULL,
        actor_role        text NOT NULL CHECK (actor_role IN ('system', 'admin', 'customer')),
        actor_id          text NULL,
        state             text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'processed', 'failed')),
        gateway_refund_id text NULL UNIQUE,
        idempotency_key   text NOT NULL UNIQUE,
        failure_reason    text NULL,
        attempts          integer NOT NULL DEFAULT 0,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now(),
        settled_at        timestamptz NULL,
        checked_at        timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX refunds_order_idx ON refunds (order_id)`);
    await queryRunner.query(`CREATE INDEX refunds_created_idx ON refunds (created_at DESC, refund_id DESC)`);
    await queryRunner.query(`CREATE INDEX refunds_pending_idx ON refunds (checked_at NULLS FIRST, created_at) WHERE state = 'pending'`);

    await queryRunner.query(`
      CREATE FUNCTION refunds_follow_order() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        delta bigint := 0;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.state <> 'failed' THEN delta := NEW.amount; END IF;
        ELSIF OLD.state <> 'failed' AND NEW.state = 'failed' THEN
          delta := -OLD.amount;
        ELSIF OLD.state = 'failed' AND NEW.state <> 'failed' THEN
          delta := NEW.amount;
        END IF;
        IF delta <> 0 THEN
          UPDATE payment_orders SET refunded_amount = refunded_amount + delta WHERE order_id = NEW.order_id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER refunds_follow_order AFTER INSERT OR UPDATE OF state ON refunds FOR EACH ROW EXECUTE FUNCTION refunds_follow_order()`);

    await queryRunner.query(`
      CREATE TABLE refund_requests (
        request_id      uuid PRIMARY KEY,
        order_id        text NOT NULL REFERENCES payment_orders (order_id),
        subscription_id uuid NOT NULL,
        source          text NOT NULL CHECK (source IN ('customer', 'undelivered')),
        reason          text NOT NULL,
        amount          bigint NULL CHECK (amount > 0),
        currency        text NOT NULL,
        state           text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'approved', 'declined')),
        message         text NULL,
        refund_id       uuid NULL REFERENCES refunds (refund_id),
        decided_by      text NULL,
        decided_at      timestamptz NULL,
        created_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX refund_requests_one_open_idx ON refund_requests (subscription_id) WHERE state = 'open'`);
    await queryRunner.query(`CREATE INDEX refund_requests_created_idx ON refund_requests (created_at DESC, request_id DESC)`);
    await queryRunner.query(`CREATE INDEX refund_requests_order_idx ON refund_requests (order_id)`);

    await queryRunner.query(`
      CREATE TABLE sandbox_refunds (
        refund_id  text PRIMARY KEY,
        payment_id text NOT NULL,
        amount     bigint NOT NULL,
        currency   text NOT NULL,
        idempotency_key text NOT NULL UNIQUE,
        outcome    text NOT NULL CHECK (outcome IN ('processed', 'failed')),
        settle_at  timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`ALTER TABLE subscriptions ADD COLUMN refund_summary jsonb NULL, ADD COLUMN shortfall_settled_at timestamptz NULL`);
    await queryRunner.query(
      `CREATE INDEX subscriptions_shortfall_due_idx ON subscriptions (updated_at, subscription_id)
        WHERE shortfall_settled_at IS NULL AND status IN (2, 3, 4) AND fulfilment_state IN ('done', 'canceled')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX subscriptions_shortfall_due_idx`);
    await queryRunner.query(`ALTER TABLE subscriptions DROP COLUMN shortfall_settled_at, DROP COLUMN refund_summary`);
    await queryRunner.query(`DROP TABLE sandbox_refunds`);
    await queryRunner.query(`DROP TABLE refund_requests`);
    await queryRunner.query(`DROP TRIGGER refunds_follow_order ON refunds`);
    await queryRunner.query(`DROP FUNCTION refunds_follow_order()`);
    await queryRunner.query(`DROP TABLE refunds`);
    await queryRunner.query(`ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_refunded_check, DROP COLUMN refunded_amount`);
  }
}
