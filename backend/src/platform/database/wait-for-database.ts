/** How long a process waits at start for a PostgreSQL that is not up yet (DATABASE_WAIT_TRIES, DATABASE_WAIT_EVERY_MS). */
export interface DatabaseWait {
  tries: number;
  everyMs: number;
}

/**
 * Errors that mean "PostgreSQL is not (yet) taking connections", worth another try: refused or
 * reset connections, a name that does not resolve yet (a container starting), a connect that timed
 * out, and PostgreSQL's own 57P03 "the database system is starting up" / "shutting down". Anything
 * else (a wrong password, a missing database, a failed migration) will not mend by waiting.
 */
const NOT_UP_YET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '57P03']);

export function isNotUpYet(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && NOT_UP_YET_CODES.has(code)) return true;
  // node-postgres reports a server that closes the connection during its start like this, without a code.
  return /Connection terminated unexpectedly|the database system is (starting up|shutting down)/i.test(message ?? '');
}

/** Host and port of a PostgreSQL URL, for the log (never the credentials). */
export function whereOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Thrown once every try has failed: its message is the one-line reason the process exits with. */
export class DatabaseNotUpError extends Error {}

/**
 * Runs `connect` until it succeeds, trying at most `wait.tries` times `wait.everyMs` apart while the
 * database is not up yet (`isNotUpYet`), with one line per failed try: what failed, which try of how
 * many, and when the next comes. Any other error, or the last try's, is thrown; the last try's as a
 * DatabaseNotUpError saying how long was waited.
 */
export async function waitForDatabase<T>(
  connect: () => Promise<T>,
  options: { wait: DatabaseWait; where: string; log: (line: string) => void; sleep?: (ms: number) => Promise<void> },
): Promise<T> {
  const { wait, where, log } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const startedAt = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      if (!isNotUpYet(error)) throw error;
      const reason = describe(error);
      if (attempt >= wait.tries) {
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        throw new DatabaseNotUpError(
          `PostgreSQL at ${where} did not take connections in ${wait.tries} tries over ${seconds} s (last: ${reason}); is it running? (DATABASE_WAIT_TRIES, DATABASE_WAIT_EVERY_MS)`,
        );
      }
      log(`PostgreSQL at ${where} is not up yet (${reason}): try ${attempt} of ${wait.tries} failed, next in ${formatMs(wait.everyMs)}`);
      await sleep(wait.everyMs);
    }
  }
}

function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const text = (message ?? String(error)).split('\n')[0];
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
