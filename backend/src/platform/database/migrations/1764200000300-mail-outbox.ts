import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox: a mail is written here in the transaction of the change it belongs to (a code
 * requested, an order paid), and a relay hands it to the job queue once that transaction has
 * committed. The row id is the queue's job id, so a relay repeated after a crash is deduplicated by
 * the queue. A relayed row keeps its bookkeeping but not its content (OTP codes do not live on).
 */
export class MailOutbox1764200000300 implements MigrationInterface {
  name = 'MailOutbox1764200000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payload         jsonb NULL CHECK (jsonb_typeof(payload) = 'object'),
        created_at      timestamptz NOT NULL DEFAULT now(),
        relayed_at      timestamptz NULL,
        attempts        integer NOT NULL DEFAULT 0,
        last_error      text NULL,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        CHECK (relayed_at IS NOT NULL OR payload IS NOT NULL)
      )`);
    // The relay reads only the rows still to relay; the clean-up only old relayed ones.
    await queryRunner.query(`CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at, created_at) WHERE relayed_at IS NULL`);
    await queryRunner.query(`CREATE INDEX mail_outbox_relayed_idx ON mail_outbox (relayed_at) WHERE relayed_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mail_outbox`);
  }
}
