import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../test/support/database';
import type { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { MailSender, type Mail, type MailIdentity } from './mail.port';
import { MailOutboxOrmEntity } from './mail-outbox.orm-entity';
import { MailOutboxRelay } from './mail-outbox.relay';
import { Mailer } from './mailer';
import { OutboxMailSender } from './outbox.mail-sender';

/**
 * A mail server double: records each mail it took with its identity; can refuse (down), be slow, or
 * take a mail and then never answer (the process that sent it dies before it hears back).
 */
class RecordingSender extends MailSender {
  readonly taken: Array<{ mail: Mail; identity: MailIdentity }> = [];
  refusing = false;
  delayMs = 0;
  hangAfterTaking = false;

  async send(mail: Mail, identity: MailIdentity): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.refusing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    this.taken.push({ mail, identity });
    if (this.hangAfterTaking) await new Promise(() => undefined);
  }
}

const mail = (to: string, text = 'Your code is 123456.'): Mail => ({ to, subject: 'Your code', text });
const config = (role: AppConfig['role'] = 'worker') => ({ mailFrom: 'Shop <no-reply@shop.test>', role }) as AppConfig;

/**
 * Real: the database (PGlite, and PostgreSQL with DATABASE_URL), the migrations, the UnitOfWork, the
 * Mailer, the relay, and in the crash case the console outbox on disk. Fake: the mail server (a
 * recording double), so these cases can make it refuse, or take a mail and never answer.
 */
describe.each(testDatabaseKinds())('mail outbox on %s', (kind) => {
  let dataSource: DataSource;
  let uow: UnitOfWork;
  let sender: RecordingSender;
  let relays: MailOutboxRelay[];
  let mailer: Mailer;

  const relayWith = (to: MailSender = sender, role: AppConfig['role'] = 'worker') => {
    const relay = new MailOutboxRelay(dataSource, to, config(role));
    relays.push(relay);
    return relay;
  };

  beforeAll(async () => {
    dataSource = await createTestDataSource([MailOutboxOrmEntity], kind);
    uow = new UnitOfWork(dataSource);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterAll(() => dataSource?.destroy());

  beforeEach(async () => {
    await dataSource.query('DELETE FROM mail_outbox');
    sender = new RecordingSender();
    relays = [];
    // No timer: each case runs the passes itself. Nudges still start passes, as after a commit.
    mailer = new Mailer(uow, relayWith());
  });

  afterEach(async () => {
    sender.hangAfterTaking = false;
    await Promise.all(relays.filter((relay) => !(relay as unknown as { hung?: boolean }).hung).map((relay) => relay.onModuleDestroy()));
  });

  const outbox = () =>
    dataSource.query(`SELECT id, payload, sent_at, sending_since, attempts, last_error FROM mail_outbox ORDER BY created_at`) as Promise<
      Array<{ id: string; payload: Mail | null; sent_at: Date | null; sending_since: Date | null; attempts: number; last_error: string | null }>
    >;

  it("writes the mail in the caller's transaction: nothing when it rolls back, the mail once it commits, with the row's Message-ID", async () => {
    await expect(
      uow.run(async () => {
        await mailer.send(mail('rolled.back@example.com'));
        throw new Error('the order could not be stored');
      }),
    ).rejects.toThrow('the order could not be stored');
    await uow.run(() => mailer.send(mail('committed@example.com')));
    await relays[0].onModuleDestroy(); // waits for the pass the commit nudged

    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(sender.taken.map((t) => t.mail.to)).toEqual(['committed@example.com']);
    expect(sender.taken[0].identity.messageId).toBe(`<${rows[0].id}@shop.test>`);
    // Marked sent after the send, and only then emptied (an OTP does not live on).
    expect(rows[0]).toMatchObject({ payload: null, sent_at: expect.any(Date), sending_since: null, attempts: 1, last_error: null });
  });

  it('a web process writes mail but sends none: the rows wait for a worker', async () => {
    const web = relayWith(sender, 'web');
    const webMailer = new Mailer(uow, web);
    await uow.run(() => webMailer.send(mail('from.web@example.com')));
    web.onApplicationBootstrap();
    await web.onModuleDestroy();
    expect(sender.taken).toHaveLength(0);
    expect((await outbox())[0]).toMatchObject({ sent_at: null, payload: mail('from.web@example.com') });
    expect(await relayWith().sendDue()).toBe(1);
  });

  it('keeps the mail while the mail server refuses it, and sends it once it takes it again', async () => {
    sender.refusing = true;
    await mailer.send(mail('waits@example.com'));
    await relays[0].onModuleDestroy();
    let [row] = await outbox();
    expect(row).toMatchObject({ payload: mail('waits@example.com'), sent_at: null, sending_since: null, attempts: 1 });
    expect(row.last_error).toContain('ECONNREFUSED');

    sender.refusing = false;
    const relay = relayWith();
    expect(await relay.sendDue()).toBe(0); // backing off: 1 s after the first refusal
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await relay.sendDue()).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ sent_at: expect.any(Date), attempts: 2, payload: null });
    expect(sender.taken.map((t) => t.mail.to)).toEqual(['waits@example.com']);
  });

  it('sends each row exactly once when several relays (processes) run at the same time', async () => {
    const count = 120;
    await dataSource.query(
      `INSERT INTO mail_outbox (payload) SELECT jsonb_build_object('to', 'many' || n || '@example.com', 'subject', 's', 'text', 't') FROM generate_series(1, $1) AS n`,
      [count],
    );
    sender.delayMs = 2;
    const sent = await Promise.all([relayWith().sendDue(), relayWith().sendDue(), relayWith().sendDue()]);

    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(count);
    const ids = sender.taken.map((t) => t.identity.messageId);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toHaveLength(count);
    expect((await outbox()).filter((row) => row.sent_at === null)).toHaveLength(0);
  });

  it('a relay that died after the send, before the mark: no one sends the row during its lease; after it, it is sent again with the same Message-ID and Date, and the mailbox keeps one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'relay-crash-'));
    try {
      const mailbox = new OutboxMailSender(dir, 'Shop <no-reply@shop.test>');
      // The dying relay: its mail reaches the mailbox, then the process is gone (its send never returns).
      sender.hangAfterTaking = true;
      const dying = relayWith({ send: async (m, id) => (await mailbox.send(m, id), sender.send(m, id)) } as MailSender);
      (dying as unknown as { hung: boolean }).hung = true;
      await dataSource.query(`INSERT INTO mail_outbox (payload) VALUES ($1::jsonb)`, [JSON.stringify(mail('paid.order@example.com', 'Your order is confirmed.'))]);
      void dying.sendDue();
      for (let i = 0; i < 200 && sender.taken.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(sender.taken).toHaveLength(1);
      const [claimed] = await outbox();
      expect(claimed).toMatchObject({ sent_at: null, sending_since: expect.any(Date), payload: expect.objectContaining({ to: 'paid.order@example.com' }) });

      // Another process while the lease holds: the row is not due, nothing is sent twice at once.
      const survivor = new RecordingSender();
      const mailboxSurvivor = { send: async (m: Mail, id: MailIdentity) => (await mailbox.send(m, id), survivor.send(m, id)) } as MailSender;
      expect(await relayWith(mailboxSurvivor).sendDue()).toBe(0);
      expect(survivor.taken).toHaveLength(0);

      // The lease ran out (the dead relay will never mark it): the sweep sends it again and marks it.
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      await dataSource.query(`UPDATE mail_outbox SET next_attempt_at = now() - interval '1 second'`);
      expect(await relayWith(mailboxSurvivor).sendDue()).toBe(1);
      expect(survivor.taken).toHaveLength(1);
      expect(survivor.taken[0].identity).toEqual(sender.taken[0].identity);
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining(`Mail ${sender.taken[0].identity.messageId}: an attempt that began`)]);
      warn.mockRestore();
      expect(await outbox()).toEqual([expect.objectContaining({ sent_at: expect.any(Date), sending_since: null, payload: null, attempts: 2 })]);

      // Two sends, one mail in the mailbox: it keeps mails by Message-ID.
      const files = (await readdir(dir)).filter((name) => name.endsWith('.json'));
      expect(files).toHaveLength(1);
      expect(JSON.parse(await readFile(join(dir, files[0]), 'utf8'))).toMatchObject({ to: 'paid.order@example.com', messageId: sender.taken[0].identity.messageId });
      expect(await relayWith(mailboxSurvivor).sendDue()).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
