import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { defaultDatabaseKind, freshDatabase } from '../../../test/support/database';
import { AppConfig, loadConfig } from '../config/app-config';
import { DatabaseModule } from '../database/database.module';
import { UnitOfWork } from '../database/unit-of-work';
import { PROCESSOR_METADATA } from '../queue/in-process.job-queue';
import { MAIL_QUEUE } from '../queue/job-queue.port';
import { QueueModule, redisOptions } from '../queue/queue.module';
import { MailModule } from './mail.module';
import { MailProcessor } from './mail.processor';
import { MailOutboxRelay } from './mail-outbox.relay';
import { Mailer } from './mailer';

/** The configuration and the database for the whole test module, as PlatformModule provides them to the app. */
@Module({})
class PlatformStandIn {
  static with(config: AppConfig): DynamicModule {
    return {
      module: PlatformStandIn,
      global: true,
      imports: [DatabaseModule],
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig, DatabaseModule],
    };
  }
}

function outboxFiles(dir: string): Record<string, string>[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
  } catch {
    return [];
  }
}

async function waitForOutbox(dir: string, timeoutMs = 10_000, count = 1): Promise<Record<string, string>[]> {
  const started = Date.now();
  for (;;) {
    const files = outboxFiles(dir);
    if (files.length >= count) return files;
    if (Date.now() - started > timeoutMs) throw new Error(`No mail reached ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const queues = [
  { name: 'in-process queue', redisUrl: undefined as string | undefined },
  ...(process.env.REDIS_URL ? [{ name: 'BullMQ on real Redis (REDIS_URL)', redisUrl: process.env.REDIS_URL }] : []),
];

/**
 * Real: the database (PGlite, or PostgreSQL with DATABASE_URL) with the mail outbox table, the relay,
 * the queue adapter named in each case, the mail processor, the console outbox on disk. Nothing faked.
 */
describe.each(queues)('a mail through the $name', ({ redisUrl }) => {
  let context: INestApplicationContext;
  let dataDir: string;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'growth-mail-'));
    const database = await freshDatabase(defaultDatabaseKind());
    dropDatabase = database.drop;
    const base = loadConfig({ DATA_DIR: dataDir, REDIS_URL: redisUrl, QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}` });
    const config = new AppConfig({ ...base, database: database.config });
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformStandIn.with(config), QueueModule.forRoot(config), MailModule],
    }).compile();
    context = await moduleRef.init();
  });

  afterAll(async () => {
    await context?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => rmSync(join(dataDir, 'outbox'), { recursive: true, force: true }));

  it('is written to the outbox table by the Mailer, relayed, processed, and lands in the console outbox', async () => {
    await context.get(Mailer).send({ to: 'creator@example.com', subject: 'Your code', text: 'Your code is 123456.' });
    const [mail] = await waitForOutbox(join(dataDir, 'outbox'));
    expect(mail).toMatchObject({ to: 'creator@example.com', subject: 'Your code', text: 'Your code is 123456.' });
    expect(mail.from).toContain('no-reply@growth.local');
  });

  it("is sent only when the caller's transaction commits", async () => {
    const uow = context.get(UnitOfWork);
    const mailer = context.get(Mailer);
    await uow.run(async () => {
      await mailer.send({ to: 'kept@example.com', subject: 'Kept', text: 'Committed.' });
    });
    await uow
      .run(async () => {
        await mailer.send({ to: 'dropped@example.com', subject: 'Dropped', text: 'Rolled back.' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await waitForOutbox(join(dataDir, 'outbox'));
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a relay pass or more
    expect(outboxFiles(join(dataDir, 'outbox')).map((mail) => mail.to)).toEqual(['kept@example.com']);
  });

  if (redisUrl) {
    const mailQueue = () => context.get<Queue>(getQueueToken(MAIL_QUEUE), { strict: false });
    const lastRow = async () => (await context.get(DataSource).query(`SELECT id FROM mail_outbox ORDER BY created_at DESC LIMIT 1`))[0] as { id: string };

    it('leaves no finished mail job in Redis (mail jobs hold OTP codes)', async () => {
      await context.get(Mailer).send({ to: 'gone@example.com', subject: 'Your code', text: 'Your code is 654321.' });
      await waitForOutbox(join(dataDir, 'outbox'));
      const { id } = await lastRow();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the worker marks the job completed after the send
      expect(await mailQueue().getJob(id)).toBeUndefined();
      expect(await mailQueue().getJobCounts('completed', 'waiting', 'active')).toEqual({ completed: 0, waiting: 0, active: 0 });
      const redis = new Redis(redisOptions(redisUrl));
      try {
        const keys = await redis.keys(`${mailQueue().opts.prefix}:${MAIL_QUEUE}:*`);
        for (const key of keys) {
          if ((await redis.type(key)) === 'hash') expect(JSON.stringify(await redis.hgetall(key))).not.toContain('654321');
        }
      } finally {
        redis.disconnect();
      }
    });

    it('delivers a mail once when its relay is repeated after a crash (the row id is the job id)', async () => {
      await context.get(Mailer).send({ to: 'once@example.com', subject: 'Order confirmed', text: 'Thank you.' });
      await waitForOutbox(join(dataDir, 'outbox'));
      const { id } = await lastRow();
      // As if the relay had enqueued the job and crashed before marking the row relayed.
      await context
        .get(DataSource)
        .query(
          `UPDATE mail_outbox SET relayed_at = NULL, next_attempt_at = now(), payload = '{"to":"once@example.com","subject":"Order confirmed","text":"Thank you."}' WHERE id = $1`,
          [id],
        );
      await context.get(MailOutboxRelay).relayDue(); // or the relay's own timer, whichever comes first
      const relayedAgain = async () => {
        for (let tries = 0; tries < 50; tries++) {
          const [row] = await context.get(DataSource).query(`SELECT relayed_at, attempts FROM mail_outbox WHERE id = $1`, [id]);
          if (row.relayed_at) return row;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return null;
      };
      expect(await relayedAgain()).toMatchObject({ relayed_at: expect.any(Date), attempts: 2 });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(outboxFiles(join(dataDir, 'outbox')).filter((mail) => mail.to === 'once@example.com')).toHaveLength(1);
    });
  }
});

describe('MailProcessor', () => {
  it('is found by the in-process queue under the same metadata BullMQ reads', () => {
    expect(Reflect.getMetadata(PROCESSOR_METADATA, MailProcessor)).toMatchObject({ name: MAIL_QUEUE });
  });

  it('refuses a job it does not know, so the queue retries and logs it', async () => {
    const processor = new MailProcessor({ send: jest.fn() });
    await expect(processor.process({ name: 'something-else', data: {} } as never)).rejects.toThrow('Unknown mail job "something-else"');
  });
});
