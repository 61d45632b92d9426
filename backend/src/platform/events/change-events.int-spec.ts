import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createTestDataSource } from '../../../test/support/database';
import { AppConfig, loadConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { ChangeEvents, followChanges } from './change-events';

/**
 * Change events. Real: PGlite (for the transaction a publish waits for) and, with REDIS_URL, Redis
 * pub/sub between two instances. Fake: nothing.
 */
const eventually = async (check: () => boolean, timeoutMs = 2_000) => {
  const started = Date.now();
  while (!check() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
};

describe('ChangeEvents', () => {
  let dataSource: DataSource;
  let uow: UnitOfWork;

  beforeAll(async () => {
    dataSource = await createTestDataSource();
    uow = new UnitOfWork(dataSource);
  });

  afterAll(() => dataSource?.destroy());

  const instance = (redisUrl?: string, prefix = 'events-test') =>
    new ChangeEvents(new AppConfig({ ...loadConfig({ LOG_LEVEL: 'silent' }), redisUrl: redisUrl ?? null, queuePrefix: prefix }), uow);

  it('delivers a change at once outside a transaction, and only after the commit inside one', async () => {
    const events = instance();
    const seen: string[] = [];
    events.subscribe('plans', () => seen.push('plans'));
    events.subscribe('catalogue', () => seen.push('catalogue'));

    events.publish('plans');
    expect(seen).toEqual(['plans']);

    await uow.run(async () => {
      events.publish('catalogue');
      await uow.manager().query('SELECT 1');
      expect(seen).toEqual(['plans']);
    });
    expect(seen).toEqual(['plans', 'catalogue']);
  });

  it('never delivers the change of a transaction that rolled back', async () => {
    const events = instance();
    let calls = 0;
    events.subscribe('documents', () => (calls += 1));
    await expect(
      uow.run(async () => {
        events.publish('documents');
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(calls).toBe(0);
  });

  it('makes a followed cache forget everything on its topic only', () => {
    const events = instance();
    const plans = { invalidate: jest.fn() };
    expect(followChanges(events, 'plans', plans)).toBe(plans);
    events.publish('catalogue');
    expect(plans.invalidate).not.toHaveBeenCalled();
    events.publish('plans');
    expect(plans.invalidate).toHaveBeenCalledTimes(1);
  });

  // With REDIS_URL only (CI sets it; the run's banner says when Redis is not used).
  if (process.env.REDIS_URL)
    it('carries a change to another instance over Redis pub/sub (REDIS_URL)', async () => {
      const prefix = `events-${randomBytes(4).toString('hex')}`;
      const [a, b] = [instance(process.env.REDIS_URL, prefix), instance(process.env.REDIS_URL, prefix)];
      const other = instance(process.env.REDIS_URL, `${prefix}-other`);
      await Promise.all([a.onModuleInit(), b.onModuleInit(), other.onModuleInit()]);
      try {
        const onA = jest.fn();
        const onB = jest.fn();
        const onOther = jest.fn();
        a.subscribe('plans', onA);
        b.subscribe('plans', onB);
        other.subscribe('plans', onOther);
        a.publish('plans');
        expect(await eventually(() => onB.mock.calls.length === 1)).toBe(true);
        expect(onA).toHaveBeenCalledTimes(1); // its own change once, not echoed back
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(onA).toHaveBeenCalledTimes(1);
        expect(onOther).not.toHaveBeenCalled(); // another deployment's prefix hears nothing
      } finally {
        await Promise.all([a, b, other].map((e) => e.onApplicationShutdown()));
      }
    });
});
