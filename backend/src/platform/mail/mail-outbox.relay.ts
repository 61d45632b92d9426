import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue, MAIL_QUEUE } from '../queue/job-queue.port';
import { SEND_MAIL_JOB, type Mail } from './mail.port';

/** A pass every second, besides the nudge after each commit that wrote mail. */
export const RELAY_EVERY_MS = 1_000;
const BATCH = 50;
/** A claimed row is left to its relay this long; after a crash another pass (or instance) takes it. */
const CLAIM_SECONDS = 30;
/** A row the queue refused waits 1 s, 2 s, ... up to this many seconds before the next try. */
const MAX_BACKOFF_SECONDS = 10;
/** Relayed rows (content already emptied) are kept this long, then deleted. */
const KEEP_RELAYED_DAYS = 7;
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

interface DueMail {
  id: string;
  payload: Mail;
}

/** TypeORM answers an UPDATE … RETURNING with [rows, count]. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/**
 * Hands the mail outbox's rows to the job queue (BullMQ, or the in-process queue), so a mail is
 * written in its request's transaction and delivered whether or not Redis was up at that moment.
 *
 * A pass claims a batch of due rows (`FOR UPDATE SKIP LOCKED`, so instances never take the same row,
 * and a claim that lasts CLAIM_SECONDS, so a crash does not strand a row), enqueues each with the row
 * id as the job id and then marks it relayed, emptying its content. A relay repeated after a crash
 * between those two steps enqueues the same job id again, which BullMQ ignores: one mail. When the
 * queue refuses (Redis down) the rest of the batch waits a little and is tried again.
 */
@Injectable()
export class MailOutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailOutbox');
  private timer?: NodeJS.Timeout;
  private pass: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private refusing = false;
  private lastCleanUp = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.nudge(), RELAY_EVERY_MS);
    this.timer.unref();
    this.nudge();
  }

  /** Stops before the queue and the database close; rows not relayed yet wait for the next start. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  /** Asks for a pass now (one runs at a time; a nudge during a pass makes another follow it). */
  nudge(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.relayDue()
      .catch((error: Error) => {
        this.logger.error(`Mail outbox relay failed: ${error.message}`);
        return 0;
      })
      .finally(() => {
        this.pass = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Relays every due row, batch after batch, until none is left or the queue refuses; returns how many it relayed. */
  async relayDue(): Promise<number> {
    let relayed = 0;
    while (!this.stopped) {
      const rows = await this.claim();
      if (rows.length === 0) break;
      const { done, refused } = await this.relay(rows);
      relayed += done;
      if (refused || rows.length < BATCH) break;
    }
    await this.cleanUp();
    return relayed;
  }

  private async claim(): Promise<DueMail[]> {
    const result = await this.dataSource.query(
      `WITH due AS (
         SELECT id FROM mail_outbox
          WHERE relayed_at IS NULL AND next_attempt_at <= now()
          ORDER BY created_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED)
       UPDATE mail_outbox o
          SET attempts = o.attempts + 1, next_attempt_at = now() + interval '${CLAIM_SECONDS} seconds'
         FROM due
        WHERE o.id = due.id
       RETURNING o.id, o.payload, o.created_at`,
      [BATCH],
    );
    return rowsOf<DueMail & { created_at: Date | string }>(result).sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  }

  private async relay(rows: DueMail[]): Promise<{ done: number; refused: boolean }> {
    let done = 0;
    for (const [index, row] of rows.entries()) {
      try {
        await this.queue.enqueue(MAIL_QUEUE, SEND_MAIL_JOB, row.payload, { jobId: row.id });
      } catch (error) {
        await this.postpone(
          rows.slice(index).map((r) => r.id),
          error as Error,
        );
        if (!this.refusing) {
          this.refusing = true;
          this.logger.warn(`The job queue does not take mail now (${(error as Error).message}); mail waits in the outbox and is relayed when it does`);
        }
        return { done, refused: true };
      }
      await this.dataSource.query(`UPDATE mail_outbox SET relayed_at = now(), payload = NULL, last_error = NULL WHERE id = $1`, [row.id]);
      done += 1;
    }
    if (this.refusing) {
      this.refusing = false;
      this.logger.log('The job queue takes mail again; the waiting mail is relayed');
    }
    return { done, refused: false };
  }

  private async postpone(ids: string[], error: Error): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_outbox
          SET last_error = $2, next_attempt_at = now() + least(attempts, ${MAX_BACKOFF_SECONDS}) * interval '1 second'
        WHERE id = ANY($1::uuid[])`,
      [ids, error.message.slice(0, 500)],
    );
  }

  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanUp < CLEAN_UP_EVERY_MS) return;
    this.lastCleanUp = Date.now();
    await this.dataSource.query(`DELETE FROM mail_outbox WHERE relayed_at < now() - interval '${KEEP_RELAYED_DAYS} days'`);
  }
}
