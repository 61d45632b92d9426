import { rmSync } from 'node:fs';
import { PGLITE_RUN_DIR_ENV } from './support/database';

/** Removes the run's PGlite databases: the migrated template and any copy a spec left behind. */
export default async function globalTeardown(): Promise<void> {
  const runDir = process.env[PGLITE_RUN_DIR_ENV];
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}
