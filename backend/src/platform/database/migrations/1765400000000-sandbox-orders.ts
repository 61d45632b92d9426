import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sandbox orders (docs/payments.md#sandbox-orders): whether an order was paid with no real money,
 * kept on the order as its gateway said when it was created (the sandbox gateway, or Razorpay under
 * a `rzp_test_` key), and copied by billing onto the subscription it becomes, as the customer's
 * e-mail is (the admin's task list may not read billing's tables).
 *
 * Backfill: an order with a sandbox checkout attempt (`sandbox_payments`) is a sandbox order, and so
 * is its subscription. An older order that never reached the sandbox checkout, or one paid under a
 * Razorpay test key, cannot be told from what is stored and stays unmarked.
 *
 * Down: drops both columns; an up afterwards marks again only what the backfill can tell.
 */
export class SandboxOrders1765400000000 implements MigrationInterface {
  name = 'SandboxOrders1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payment_orders ADD COLUMN sandbox boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE subscriptions ADD COLUMN sandbox boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE payment_orders o SET sandbox = true WHERE EXISTS (SELECT 1 FROM sandbox_payments p WHERE p.order_id = o.order_id)`);
    await queryRunner.query(`UPDATE subscriptions s SET sandbox = true FROM payment_orders o WHERE o.order_id = s.order_id AND o.sandbox`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE subscriptions DROP COLUMN sandbox`);
    await queryRunner.query(`ALTER TABLE payment_orders DROP COLUMN sandbox`);
  }
}
