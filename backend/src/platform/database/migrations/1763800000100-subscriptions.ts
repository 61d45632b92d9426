import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscriptions (docs/product.md#data-shapes): what a customer bought, with a copy of the pricing tier as bought
 * (later price edits do not rewrite history). Status 0 In Process, 1 Completed. Filled by billing.
 */
export class Subscriptions1763800000100 implements MigrationInterface {
  name = 'Subscriptions1763800000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        subscription_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id         uuid NOT NULL REFERENCES users (user_id),
        plan_id         uuid NULL,
        plan_name       text NOT NULL,
        profile_link    text NOT NULL,
        order_id        text NOT NULL,
        payment_id      text NOT NULL,
        status          smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
        pricing         jsonb NOT NULL CHECK (jsonb_typeof(pricing) = 'object'),
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now()
      )`);
    // One subscription per paid order (verification is idempotent).
    await queryRunner.query(`CREATE UNIQUE INDEX subscriptions_order_id_key ON subscriptions (order_id)`);
    await queryRunner.query(`CREATE INDEX subscriptions_user_status_idx ON subscriptions (user_id, status, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX subscriptions_created_at_idx ON subscriptions (created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE subscriptions`);
  }
}
