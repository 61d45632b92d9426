import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A stand-in for the `pg` module that TypeORM's postgres driver accepts as `driver`, backed by one
 * embedded PGlite database.
 *
 * PGlite is a single Postgres session. Handing that session to every caller at once (what the
 * `typeorm-pglite` package does) lets two transactions interleave: a BEGIN from one request and a
 * ROLLBACK from another end up in the same session and committed rows can be lost. So this pool has
 * exactly one client and gives it to one caller at a time, from `connect` until `release`: a
 * transaction holds the session until it commits or rolls back, other callers wait their turn.
 *
 * Code inside a transaction must use that transaction's entity manager; a query through the global
 * manager would wait for the session the transaction holds. Such a wait fails after
 * ACQUIRE_TIMEOUT_MS with a message saying so, instead of hanging forever.
 */
const ACQUIRE_TIMEOUT_MS = 30_000;

interface PgResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: { name: string; dataTypeID: number }[];
}

type ConnectCallback = (err: Error | undefined, client?: PGliteClient, release?: (err?: unknown) => void) => void;

class PGliteClient extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  async query(text: string, params?: unknown[]): Promise<PgResult> {
    // Parameterless text may hold several statements (migrations): run it with the simple protocol.
    if (!params || params.length === 0) {
      const results = await this.db.exec(text);
      const last = results[results.length - 1];
      return toPgResult(text, last?.rows ?? [], last?.affectedRows, last?.fields ?? []);
    }
    const result = await this.db.query(text, params);
    return toPgResult(text, result.rows, result.affectedRows, result.fields);
  }
}

function toPgResult(text: string, rows: unknown[], affectedRows: number | undefined, fields: { name: string; dataTypeID: number }[]): PgResult {
  const command = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '';
  return { rows, rowCount: affectedRows ?? rows.length, command, fields };
}

class PGlitePool extends EventEmitter {
  private readonly client: PGliteClient;
  private busy = false;
  private readonly waiting: Array<() => void> = [];
  private ended = false;

  constructor(private readonly options: { pglite: PGlite }) {
    super();
    if (!options?.pglite) throw new Error('The PGlite pool needs `extra.pglite`, an open PGlite instance');
    this.client = new PGliteClient(options.pglite);
  }

  connect(callback: ConnectCallback): void {
    if (this.ended) return callback(new Error('The PGlite pool has been closed'));
    const hand = () => {
      let released = false;
      callback(undefined, this.client, () => {
        if (released) return;
        released = true;
        this.handOn();
      });
    };
    if (!this.busy) {
      this.busy = true;
      return hand();
    }
    const timer = setTimeout(() => {
      const index = this.waiting.indexOf(grant);
      if (index >= 0) this.waiting.splice(index, 1);
      callback(new Error(`Waited ${ACQUIRE_TIMEOUT_MS / 1000}s for the embedded database session; ` + 'is a query running outside its transaction entity manager?'));
    }, ACQUIRE_TIMEOUT_MS);
    timer.unref();
    const grant = () => {
      clearTimeout(timer);
      hand();
    };
    this.waiting.push(grant);
  }

  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  end(callback?: (err?: Error) => void): Promise<void> {
    this.ended = true;
    // The PGlite instance belongs to whoever opened it (the database module closes it).
    callback?.();
    return Promise.resolve();
  }
}

/** Pass as TypeORM's `driver` option with `extra: { pglite }`. */
export const pgliteDriver = { Pool: PGlitePool };
