import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../test/support/database';
import { UnitOfWork } from '../database/unit-of-work';
import { type EnqueueOptions, JobQueue, type QueueName, type ServiceState } from '../queue/job-queue.port';
import type { Mail } from './mail.port';
import { MailOutboxOrmEntity } from './mail-outbox.orm-entity';
import { MailOutboxRelay } from './mail-outbox.relay';
import { Mailer } from './mailer';

/** A job queue that records what it is given (by job id), can refuse like a queue whose Redis is down, and can be slow. */
class RecordingQueue extends JobQueue {
  readonly jobs: Array<{ queue: QueueName; name: string; data: Mail; jobId?: string }> = [];
  refusing = false;
  delayMs = 0;

  async enqueue(queue: QueueName, name: string, data: object, options: EnqueueOptions = {}): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.refusing) throw new Error('Redis is not connected (reconnecting)');
    this.jobs.push({ queue, name, data: data as Mail, jobId: options.jobId });
  }

  async repeat(): Promise<void> {}

  async state(): Promise<ServiceState> {
    return { kind: 'recording', ok: !this.refusing };
  }
}

const mail = (to: string, text = 'Your code is 123456.'): Mail => ({ to, subject: 'Your code', text });

/**
 * Real: the database (PGlite, and PostgreSQL with DATABASE_URL), the migrations, the UnitOfWork, the
 * Mailer and the relay. Fake: the job queue (a recording double), so these cases can make it refuse.
 */
describe.each(testDatabaseKinds())('mail outbox on %s', (kind) => {
  let dataSource: DataSource;
  let uow: UnitOfWork;
  let queue: RecordingQueue;
  let relay: MailOutboxRelay;
  let mailer: Mailer;

  beforeAll(async () => {
    dataSource = await createTestDataSource([MailOutboxOrmEntity], kind);
    uow = new UnitOfWork(dataSource);
  });

  afterAll(() => dataSource?.destroy());

  beforeEach(async () => {
    await dataSource.query('DELETE FROM mail_outbox');
    queue = new RecordingQueue();
    relay = new MailOutboxRelay(dataSource, queue);
    // No timer: each case runs the passes itself. Nudges still start passes, as after a commit.
    mailer = new Mailer(uow, relay);
  });

  afterEach(() => relay.onModuleDestroy());

  const outbox = () =>
    dataSource.query(`SELECT id, payload, relayed_at, attempts, last_error FROM mail_outbox ORDER BY created_at`) as Promise<
      Array<{ id: string; payload: Mail | null; relayed_at: Date | null; attempts: number; last_error: string | null }>
    >;

  it("writes the mail in the caller's transaction: nothing when it rolls back, the mail once it commits", async () => {
    await expect(
      uow.run(async () => {
        await mailer.send(mail('rolled.back@example.com'));
        throw new Error('the order could not be stored');
      }),
    ).rejects.toThrow('the order could not be stored');
    await uow.run(() => mailer.send(mail('committed@example.com')));
    await relay.onModuleDestroy(); // waits for the pass the commit nudged

    expect(queue.jobs.map((job) => job.data.to)).toEqual(['committed@example.com']);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(queue.jobs[0]).toMatchObject({ queue: 'mail', name: 'send-mail', jobId: rows[0].id });
  });

  it('relays each row once, with its id as the job id, and keeps no content after relaying it', async () => {
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await mailer.send(mail(to));
    await relay.onModuleDestroy(); // the passes the sends nudged
    relay = new MailOutboxRelay(dataSource, queue);
    await relay.relayDue(); // whatever those left
    expect(await relay.relayDue()).toBe(0);

    const rows = await outbox();
    expect(queue.jobs.map((job) => job.jobId).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(queue.jobs.map((job) => job.data.to).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    for (const row of rows) expect(row).toMatchObject({ payload: null, relayed_at: expect.any(Date), attempts: 1, last_error: null });
  });

  it('keeps the mail while the queue refuses it, and relays it once the queue takes it again', async () => {
    queue.refusing = true;
    await mailer.send(mail('waits@example.com'));
    await relay.onModuleDestroy();
    let [row] = await outbox();
    expect(row).toMatchObject({ payload: mail('waits@example.com'), relayed_at: null, attempts: 1 });
    expect(row.last_error).toContain('Redis is not connected');
    expect(queue.jobs).toHaveLength(0);

    queue.refusing = false;
    relay = new MailOutboxRelay(dataSource, queue);
    expect(await relay.relayDue()).toBe(0); // backing off: 1 s after the first refusal
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await relay.relayDue()).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ relayed_at: expect.any(Date), attempts: 2, payload: null });
    expect(queue.jobs.map((job) => job.jobId)).toEqual([row.id]);
  });

  it('relays each row exactly once when several relays (instances) run at the same time', async () => {
    const count = 120;
    await dataSource.query(
      `INSERT INTO mail_outbox (payload) SELECT jsonb_build_object('to', 'many' || n || '@example.com', 'subject', 's', 'text', 't') FROM generate_series(1, $1) AS n`,
      [count],
    );
    queue.delayMs = 2;
    const others = [new MailOutboxRelay(dataSource, queue), new MailOutboxRelay(dataSource, queue)];
    const relayed = await Promise.all([relay.relayDue(), ...others.map((other) => other.relayDue())]);

    expect(relayed.reduce((sum, n) => sum + n, 0)).toBe(count);
    const ids = queue.jobs.map((job) => job.jobId);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toHaveLength(count);
    expect((await outbox()).filter((row) => row.relayed_at === null)).toHaveLength(0);
  });
});
