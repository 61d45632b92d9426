import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing: payment orders (stored before the checkout opens, with a copy of the tier and the amount
 * computed on the server), the webhook events already handled (deduplication by Razorpay's event
 * id), and the sandbox gateway's payments (what its checkout dialog decided).
 */
export class Billing1763900000000 implements MigrationInterface {
  name = 'Billing1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payment_orders (
        order_id        text PRIMARY KEY,
        user_id         uuid NOT NULL REFERENCES users (user_id),
        email           text NOT NULL,
        plan_id         uuid NOT NULL,
        plan_name       text NOT NULL,
        plan_slug       text NOT NULL,
        tier            jsonb NOT NULL CHECK (jsonb_typeof(tier) = 'object'),
        amount          bigint NOT NULL CHECK (amount > 0),
        currency        text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        profile_link    text NOT NULL,
        status          text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed')),
        payment_id      text NULL,
        failure_reason  text NULL,
        checked_at      timestamptz NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now(),
        paid_at         timestamptz NULL,
        CHECK (status <> 'paid' OR (payment_id IS NOT NULL AND paid_at IS NOT NULL))
      )`);
    // The stuck-order sweep reads only this small slice.
    await queryRunner.query(`CREATE INDEX payment_orders_unpaid_idx ON payment_orders (checked_at NULLS FIRST, created_at) WHERE status <> 'paid'`);
    await queryRunner.query(`CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE payment_webhook_events (
        event_id    text PRIMARY KEY,
        event       text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE sandbox_payments (
        payment_id        text PRIMARY KEY,
        order_id          text NOT NULL REFERENCES payment_orders (order_id),
        status            text NOT NULL CHECK (status IN ('captured', 'failed')),
        amount            bigint NOT NULL,
        currency          text NOT NULL,
        error_description text NULL,
        created_at        timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX sandbox_payments_order_idx ON sandbox_payments (order_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sandbox_payments`);
    await queryRunner.query(`DROP TABLE payment_webhook_events`);
    await queryRunner.query(`DROP TABLE payment_orders`);
  }
}
