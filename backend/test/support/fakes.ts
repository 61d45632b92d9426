import type { DataSource } from 'typeorm';
import { UnitOfWork } from '../../src/platform/database/unit-of-work';
import type { MailOutboxRelay } from '../../src/platform/mail/mail-outbox.relay';
import type { Mail } from '../../src/platform/mail/mail.port';
import { Mailer } from '../../src/platform/mail/mailer';
import { PasswordHasher } from '../../src/platform/security/password-hasher';
import { Clock } from '../../src/platform/time/clock';

/** Platform doubles the use-case unit specs of every module share. */

/**
 * A UnitOfWork with no database: `run` just runs the work (in-memory repositories need no
 * transaction, and nothing is rolled back); `inside` says whether a `run` is under way.
 */
export class InlineUnitOfWork extends UnitOfWork {
  runs = 0;
  private depth = 0;

  constructor() {
    super(null as unknown as DataSource);
  }

  get inside(): boolean {
    return this.depth > 0;
  }

  override async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs += 1;
    this.depth += 1;
    try {
      return await work();
    } finally {
      this.depth -= 1;
    }
  }
}

/**
 * A Mailer that records what it was asked to send and, given the spec's unit of work, whether it was
 * asked inside a `run` (the real Mailer writes to the outbox in the caller's transaction);
 * `failing` makes it throw like a database that cannot take the row.
 */
export class RecordingMailer extends Mailer {
  readonly sent: Mail[] = [];
  /** For each mail in `sent`: was a `uow.run` under way? */
  readonly sentInsideUnitOfWork: boolean[] = [];
  failing = false;

  constructor(private readonly unitOfWork?: InlineUnitOfWork) {
    super(null as unknown as UnitOfWork, null as unknown as MailOutboxRelay);
  }

  override async send(mail: Mail): Promise<void> {
    if (this.failing) throw new Error('the outbox row could not be written');
    this.sent.push(mail);
    this.sentInsideUnitOfWork.push(this.unitOfWork?.inside ?? false);
  }
}

/** A clock the spec sets and moves by hand. */
export class ManualClock extends Clock {
  constructor(private time = new Date('2026-01-01T10:00:00Z')) {
    super();
  }

  now(): Date {
    return new Date(this.time.getTime());
  }

  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}

/** A hasher without scrypt's cost, so unit specs stay fast; counts verifications. */
export class PlainHasher extends PasswordHasher {
  verifications = 0;

  override async hash(password: string) {
    return `plain$${password}`;
  }

  override async verify(password: string, stored: string) {
    this.verifications += 1;
    return stored === `plain$${password}`;
  }
}
