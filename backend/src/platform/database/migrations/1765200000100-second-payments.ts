import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Second payments (docs/refunds.md#second-payments): a payment captured for an order that another
 * payment had paid already is refunded in full, as a refund of reason `second_payment` on that order,
 * carrying the other payment's id. It is not the order's money: the trigger leaves such refunds out
 * of `payment_orders.refunded_amount` (what is left to refund of the order's own payment), and its
 * idempotency key (`second-<payment id>`, unique) lets it exist once per payment.
 *
 * Down: such refunds become reason `staff` (the old CHECK's words), keep their rows, and the trigger
 * counts every refund again; a second-payment refund that fails after the down would then free an
 * amount it never took, so settle them before going back.
 */
export class SecondPayments1765200000100 implements MigrationInterface {
  name = 'SecondPayments1765200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check`);
    await queryRunner.query(
      `ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason IN ('undelivered', 'customer_request', 'staff', 'not_honoured', 'second_payment'))`,
    );
    await queryRunner.query(this.trigger(`IF NEW.reason = 'second_payment' THEN RETURN NULL; END IF;`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(this.trigger(''));
    await queryRunner.query(`UPDATE refunds SET reason = 'staff' WHERE reason = 'second_payment'`);
    await queryRunner.query(`ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check`);
    await queryRunner.query(`ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason IN ('undelivered', 'customer_request', 'staff', 'not_honoured'))`);
  }

  /** The Refunds migration's function, with `skip` first. */
  private trigger(skip: string): string {
    return `
      CREATE OR REPLACE FUNCTION refunds_follow_order() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        delta bigint := 0;
      BEGIN
        ${skip}
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
      END $$`;
  }
}
