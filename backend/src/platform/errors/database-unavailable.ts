/**
 * Recognises the errors that mean "the database cannot be reached right now" (as opposed to "this
 * query is wrong"): the caller can do nothing about them but try again later, so they are answered
 * 503 with Retry-After, and cached reads may serve their last good answer instead.
 *
 * Seen in practice:
 * - node-postgres: ECONNREFUSED / ECONNRESET / ETIMEDOUT... on connect, "Connection terminated
 *   unexpectedly" when the server goes away mid-session, "timeout exceeded when trying to connect"
 *   (pool timeout), "Cannot use a pool after calling end on the pool".
 * - PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01..57P03 (server shutting down,
 *   crashed, starting up), 53300 (too many connections).
 * - TypeORM: "Connection ... is not established" (ConnectionIsNotSetError), CannotExecuteNotConnectedError,
 *   "Driver not Connected" (its DataSource was destroyed).
 * - The embedded PGlite: "PGlite is closed", our pool's "The PGlite pool has been closed" and its
 *   session wait timeout.
 * TypeORM wraps driver errors in QueryFailedError (`driverError`), Node in AggregateError (`errors`,
 * one per address tried), others use `cause`: all are looked through.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|not queryable|is not established|Driver not Connected|PGlite is clos|PGlite pool has been closed|for the embedded database session/i;

const NAMES = new Set(['ConnectionIsNotSetError', 'CannotExecuteNotConnectedError']);

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, name, message, driverError, cause, errors } = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08/.test(code))) return true;
    if (typeof name === 'string' && NAMES.has(name)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    queue.push(driverError, cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}
