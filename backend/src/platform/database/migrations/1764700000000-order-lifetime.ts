import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment orders get a lifetime (docs/payments.md#order-lifetime): `expires_at`, 30 minutes after
 * the order was made (orders made before this migration get the same, so a days-old order at an old
 * price is expired at once). `void_reason` marks a paid order that was not honoured (`withdrawn`:
 * the plan or tier is no longer on sale; `expired`: paid after its lifetime at a price that changed):
 * it has no subscription and its payment is refunded in full through the refund ledger. Such orders
 * are not "paid without subscription" anomalies for the admin's list.
 */
export class OrderLifetime1764700000000 implements MigrationInterface {
  name = 'OrderLifetime1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payment_orders ADD COLUMN expires_at timestamptz NULL`);
    await queryRunner.query(`UPDATE payment_orders SET expires_at = created_at + interval '30 minutes'`);
    await queryRunner.query(`ALTER TABLE payment_orders ALTER COLUMN expires_at SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_expires_after_created CHECK (expires_at > created_at)`);
    await queryRunner.query(`
      ALTER TABLE payment_orders ADD COLUMN void_reason text NULL
        CONSTRAINT payment_orders_void_reason_check CHECK (
          void_reason IS NULL OR (void_reason IN ('withdrawn', 'expired') AND status = 'paid' AND subscription_id IS NULL)
        )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payment_orders DROP COLUMN void_reason`);
    await queryRunner.query(`ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_expires_after_created`);
    await queryRunner.query(`ALTER TABLE payment_orders DROP COLUMN expires_at`);
  }
}
