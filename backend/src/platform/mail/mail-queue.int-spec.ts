import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig, loadConfig } from '../config/app-config';
import { PROCESSOR_METADATA } from '../queue/in-process.job-queue';
import { MAIL_QUEUE } from '../queue/job-queue.port';
import { QueueModule } from '../queue/queue.module';
import { MailModule } from './mail.module';
import { MailProcessor } from './mail.processor';
import { Mailer } from './mailer';

@Module({})
class ConfigModule {
  static with(config: AppConfig): DynamicModule {
    return { module: ConfigModule, global: true, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
  }
}

async function waitForOutbox(dir: string, timeoutMs = 10_000): Promise<Record<string, string>[]> {
  const started = Date.now();
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(dir).filter((name) => name.endsWith('.json'));
      } catch {
        return [];
      }
    })();
    if (files.length > 0) return files.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
    if (Date.now() - started > timeoutMs) throw new Error(`No mail reached ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const queues = [
  { name: 'in-process queue', redisUrl: undefined as string | undefined },
  ...(process.env.REDIS_URL ? [{ name: 'BullMQ on real Redis (REDIS_URL)', redisUrl: process.env.REDIS_URL }] : []),
];

/** Real: the queue adapter named in each case, the mail processor, the outbox on disk. Nothing faked. */
describe.each(queues)('a mail through the $name', ({ redisUrl }) => {
  let context: INestApplicationContext;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'growth-mail-'));
    const config = loadConfig({ DATA_DIR: dataDir, REDIS_URL: redisUrl, QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}` });
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.with(config), QueueModule.forRoot(config), MailModule],
    }).compile();
    context = await moduleRef.init();
  });

  afterAll(async () => {
    await context?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is queued by the Mailer, processed, and lands in the outbox', async () => {
    await context.get(Mailer).send({ to: 'creator@example.com', subject: 'Your code', text: 'Your code is 123456.' });
    const [mail] = await waitForOutbox(join(dataDir, 'outbox'));
    expect(mail).toMatchObject({ to: 'creator@example.com', subject: 'Your code', text: 'Your code is 123456.' });
    expect(mail.from).toContain('no-reply@growth.local');
  });
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
