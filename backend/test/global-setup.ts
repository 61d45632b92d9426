import { existsSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGLITE_RUN_DIR_ENV, pgliteTemplate } from './support/database';

function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * Says which real services this run uses, so a green run cannot hide that PostgreSQL or Redis were
 * left out. With CI or REQUIRE_ALL_SUITES=1 set, a missing one fails the run instead. Makes the
 * run's migrated PGlite database, which every fresh PGlite database of the run copies
 * (support/database.ts; in memory-backed /dev/shm when there is room), in a directory that
 * global-teardown.ts removes.
 */
export default async function globalSetup(): Promise<void> {
  // A template and a copy or two of about 40 MB each: /dev/shm only when it has room (a container's is often 64 MB).
  const base = existsSync('/dev/shm') && freeBytes('/dev/shm') > 1024 ** 3 ? '/dev/shm' : tmpdir();
  const runDir = join(base, `growth-test-pglite-${process.pid}-${randomBytes(4).toString('hex')}`);
  process.env[PGLITE_RUN_DIR_ENV] = runDir;
  const strict = Boolean(process.env.CI) || process.env.REQUIRE_ALL_SUITES === '1';
  const postgres = process.env.DATABASE_URL;
  const redis = process.env.REDIS_URL;
  const hide = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  console.log(
    [
      '',
      'Backend specs use these real services:',
      '  PGlite (embedded PostgreSQL): always',
      `  PostgreSQL: ${postgres ? hide(postgres) + ' (DATABASE_URL)' : 'NOT USED: set DATABASE_URL to run the PostgreSQL specs'}`,
      `  Redis (BullMQ): ${redis ? hide(redis) + ' (REDIS_URL)' : 'NOT USED: set REDIS_URL to run the BullMQ specs'}`,
      '',
    ].join('\n'),
  );
  if (strict && (!postgres || !redis)) {
    throw new Error('CI/REQUIRE_ALL_SUITES is set, so DATABASE_URL and REDIS_URL are required: no suite may be skipped.');
  }
  await pgliteTemplate(runDir);
}
