import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox delivers by itself (docs/operations.md#mail): its relay sends each row through
 * SMTP (or the console outbox) and marks it `sent_at` only after the send, instead of marking it
 * `relayed_at` when it was handed to the job queue, where a Redis that lost its data lost the mail.
 * `sending_since`: an attempt claimed the row (with a lease in `next_attempt_at`) and has not ended
 * yet; a row found with it set after its lease ran out was interrupted, maybe after the send, and is
 * sent again under the same Message-ID.
 *
 * Rows relayed before this migration count as sent (their content is gone already); jobs still
 * waiting in the old BullMQ mail queue are not picked up by the new code (drain the queue before
 * upgrading, docs/operations.md#mail). The down renames back: rows not sent yet stay pending.
 */
export class MailDelivery1765200000000 implements MigrationInterface {
  name = 'MailDelivery1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE mail_outbox RENAME COLUMN relayed_at TO sent_at`);
    await queryRunner.query(`ALTER TABLE mail_outbox ADD COLUMN sending_since timestamptz NULL`);
    await queryRunner.query(`ALTER INDEX mail_outbox_relayed_idx RENAME TO mail_outbox_sent_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX mail_outbox_sent_idx RENAME TO mail_outbox_relayed_idx`);
    await queryRunner.query(`ALTER TABLE mail_outbox DROP COLUMN sending_since`);
    await queryRunner.query(`ALTER TABLE mail_outbox RENAME COLUMN sent_at TO relayed_at`);
  }
}
