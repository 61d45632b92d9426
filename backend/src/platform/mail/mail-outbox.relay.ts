import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { runsJobs } from '../queue/job-queue.port';
import { MailSender, type Mail, type MailIdentity } from './mail.port';
import { SMTP_TIMEOUT_MS } from './smtp.mail-sender';

/** A pass every second, besides the nudge after each commit that wrote mail (in a process that sends). */
export const RELAY_EVERY_MS = 1_000;
const BATCH = 20;
/**
 * A claimed row is left to its relay this long (its lease); after a crash another pass (or process)
 * takes it once the lease ran out. Longer than a whole send may take (SMTP_TIMEOUT_MS, and the pass
 * stops claiming rows of its batch it could not finish within the lease: see `sendBatch`).
 */
export const LEASE_MS = 90_000;
/** A send that failed waits 1 s, 2 s, ... up to this many seconds before the next try. */
const MAX_BACKOFF_SECONDS = 60;
/** Sent rows (content already emptied) are kept this long, then deleted. */
const KEEP_SENT_DAYS = 7;
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

interface DueMail {
  id: string;
  payload: Mail;
  created_at: Date | string;
  /** Set when an earlier attempt claimed the row and never ended: it may have sent the mail. */
  interrupted_since: Date | string | null;
}

/** TypeORM answers an UPDATE … RETURNING with [rows, count]. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** `no-reply@growth.local` from `Growth <no-reply@growth.local>`: the right side of a Message-ID. */
export function messageIdDomain(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  return domain ?? 'localhost';
}

/**
 * Sends the mail outbox's rows (docs/operations.md#mail). A mail is written in its request's
 * transaction (Mailer) and sent from PostgreSQL by this relay, in every process that runs jobs
 * (PROCESS_ROLE `worker` or `all`): no queue in between, so a Redis that forgets loses no mail.
 *
 * A pass claims a batch of due rows (`FOR UPDATE SKIP LOCKED`, so processes never take the same row)
 * with a lease of LEASE_MS (`next_attempt_at`), noting `sending_since`; sends each through the
 * MailSender with a Message-ID and Date derived from the row; and only then marks it sent, emptying
 * its content. A failed send keeps the content and is tried again with back-off. A crash between the
 * send and the mark leaves the row claimed: once its lease ran out it is sent again, with the same
 * Message-ID and Date, and the log says so. That window (after the SMTP server accepted the mail,
 * before the row is marked) is the one place a mail can reach the receiver twice; SMTP offers no way
 * to ask whether a message was taken, so the Message-ID is what lets a receiver keep one copy.
 */
@Injectable()
export class MailOutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailOutbox');
  private readonly domain: string;
  private readonly sends: boolean;
  private timer?: NodeJS.Timeout;
  private pass: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private failing = false;
  private lastCleanUp = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sender: MailSender,
    config: AppConfig,
  ) {
    this.domain = messageIdDomain(config.mailFrom);
    this.sends = runsJobs(config.role);
  }

  onApplicationBootstrap(): void {
    if (!this.sends) return; // a web process writes mail; the workers send it
    this.timer = setInterval(() => this.nudge(), RELAY_EVERY_MS);
    this.timer.unref();
    this.nudge();
  }

  /** Stops before the database closes, once the batch being sent is done. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  /** Asks for a pass now (one runs at a time; a nudge during a pass makes another follow it). */
  nudge(): void {
    if (this.stopped || !this.sends) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.sendDue()
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

  /** The Message-ID and Date every send of this row carries. */
  identityOf(row: { id: string; created_at: Date | string }): MailIdentity {
    return { messageId: `<${row.id}@${this.domain}>`, date: new Date(row.created_at) };
  }

  /** Sends every due row, batch after batch, until none is left or a send fails; returns how many it sent. */
  async sendDue(): Promise<number> {
    let sent = 0;
    while (!this.stopped) {
      const rows = await this.claim();
      if (rows.length === 0) break;
      const { done, stop } = await this.sendBatch(rows);
      sent += done;
      if (stop || rows.length < BATCH) break;
    }
    await this.cleanUp();
    return sent;
  }

  private async claim(): Promise<DueMail[]> {
    const result = await this.dataSource.query(
      `WITH due AS (
         SELECT id, sending_since FROM mail_outbox
          WHERE sent_at IS NULL AND next_attempt_at <= now()
          ORDER BY created_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED)
       UPDATE mail_outbox o
          SET attempts = o.attempts + 1, sending_since = now(), next_attempt_at = now() + $2 * interval '1 millisecond'
         FROM due
        WHERE o.id = due.id
       RETURNING o.id, o.payload, o.created_at, due.sending_since AS interrupted_since`,
      [BATCH, LEASE_MS],
    );
    return rowsOf<DueMail>(result).sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  }

  private async sendBatch(rows: DueMail[]): Promise<{ done: number; stop: boolean }> {
    const claimedAt = Date.now();
    let done = 0;
    for (const [index, row] of rows.entries()) {
      // A row is only sent while its lease has room for a whole send; the rest go back to the outbox now.
      if (Date.now() - claimedAt > LEASE_MS - 2 * SMTP_TIMEOUT_MS) {
        await this.release(rows.slice(index).map((r) => r.id));
        return { done, stop: true };
      }
      const identity = this.identityOf(row);
      if (row.interrupted_since) {
        this.logger.warn(
          `Mail ${identity.messageId}: an attempt that began ${new Date(row.interrupted_since).toISOString()} never ended; sending it again with the same Message-ID`,
        );
      }
      try {
        await this.sender.send(row.payload, identity);
      } catch (error) {
        await this.postpone(row.id, error as Error);
        await this.release(rows.slice(index + 1).map((r) => r.id));
        if (!this.failing) {
          this.failing = true;
          this.logger.warn(`Mail cannot be sent now (${(error as Error).message}); it waits in the outbox and is sent when it can be`);
        }
        return { done, stop: true };
      }
      await this.dataSource.query(`UPDATE mail_outbox SET sent_at = now(), payload = NULL, sending_since = NULL, last_error = NULL WHERE id = $1 AND sent_at IS NULL`, [
        row.id,
      ]);
      done += 1;
    }
    if (this.failing) {
      this.failing = false;
      this.logger.log('Mail is sent again; the waiting mail goes out');
    }
    return { done, stop: false };
  }

  /** Rows claimed but not tried: no attempt began, due again at once. */
  private async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE mail_outbox SET sending_since = NULL, attempts = attempts - 1, next_attempt_at = now() WHERE id = ANY($1::uuid[]) AND sent_at IS NULL`,
      [ids],
    );
  }

  /** A send that failed: it ended (no attempt is open), and the row waits a little. */
  private async postpone(id: string, error: Error): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_outbox
          SET sending_since = NULL, last_error = $2, next_attempt_at = now() + least(attempts, ${MAX_BACKOFF_SECONDS}) * interval '1 second'
        WHERE id = $1 AND sent_at IS NULL`,
      [id, error.message.slice(0, 500)],
    );
  }

  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanUp < CLEAN_UP_EVERY_MS) return;
    this.lastCleanUp = Date.now();
    await this.dataSource.query(`DELETE FROM mail_outbox WHERE sent_at < now() - interval '${KEEP_SENT_DAYS} days'`);
  }
}
