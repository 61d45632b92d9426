/**
 * The one way a long list is read a page at a time (docs/architecture.md#one-way-per-thing):
 * 1. the total: exact, or the database's estimate for a broad search (`boundedCount`);
 * 2. nothing more when the page starts past an exact total;
 * 3. the page's keys and one more, in the list's order, from an index (so `hasNext` is exact
 *    and a deep page skips index entries, not rows);
 * 4. the rows of those keys, put back in the keys' order.
 * Previous/Next may read by keyset instead (docs/architecture.md#one-way-per-thing): step 3 then reads
 * the rows after (or before) the row the answer's cursor names, offset 0, and the page number still
 * gives the total, the meta and step 2.
 * Each list brings its own SQL for the steps; the answer's `paging` is built from the result by
 * `adminPaging` (platform/http/admin-paging.ts).
 */
export interface ListPage<T> {
  items: T[];
  /** Exact, or the database's estimate when `totalIsExact` is false. */
  total: number;
  totalIsExact: boolean;
  /** Exact: one row more than the page was read. */
  hasNext: boolean;
}

export interface PageSteps<K, T> {
  /**
   * Step 1, given the page's offset. A list whose search counts and pages its matches in one
   * statement returns the page's keys (one more than the page) with the total, and step 3 is skipped.
   */
  count(offset: number): Promise<{ total: number; exact: boolean; keys?: K[] }>;
  /** Step 3: at most `take` keys (the page and one more) from `offset`, in the list's order; `counted` is step 1's answer. */
  keys(offset: number, take: number, counted: { total: number; exact: boolean }): Promise<K[]>;
  /** Step 4: the items of these keys, in any order; absent when the keys are the items themselves. */
  rows?(keys: K[]): Promise<T[]>;
  /** The key of an item (with `rows`). */
  keyOf?(item: T): K;
  /**
   * Step 3 (or step 1's keys) come in the reverse of the list's order: Previous by keyset, the rows
   * before a cursor read backwards. The page is the first `limit` of them put back in order, and
   * `hasNext` is true (the cursor's row follows).
   */
  backward?: boolean;
}

export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

export async function readPage<K, T = K>(page: number, limit: number, steps: PageSteps<K, T>): Promise<ListPage<T>> {
  const offset = pageOffset(page, limit);
  const counted = await steps.count(offset);
  const { total, exact } = counted;
  if (exact && offset >= total) return { items: [], total, totalIsExact: true, hasNext: false };
  const keys = counted.keys ?? (await steps.keys(offset, limit + 1, { total, exact }));
  const hasNext = steps.backward ? true : keys.length > limit;
  const pageKeys = keys.slice(0, limit);
  if (steps.backward) pageKeys.reverse();
  if (!steps.rows) return { items: pageKeys as unknown as T[], total, totalIsExact: exact, hasNext };
  if (pageKeys.length === 0) return { items: [], total, totalIsExact: exact, hasNext };
  const keyOf = steps.keyOf;
  if (!keyOf) throw new Error('readPage: rows needs keyOf');
  const byKey = new Map((await steps.rows(pageKeys)).map((item) => [keyOf(item), item]));
  // A row deleted between the steps is left out rather than shown empty.
  const items = pageKeys.flatMap((key) => {
    const item = byKey.get(key);
    return item === undefined ? [] : [item];
  });
  return { items, total, totalIsExact: exact, hasNext };
}

/**
 * Keyset cursors, the one encoding every admin list's Previous/Next uses
 * (docs/operations.md#keyset-paging): an opaque base64url text of JSON
 * `{ s: sort, o: order, k: [the row's sort key values] }`. The answer hands out its last row's key
 * as `cursors.next` and its first row's as `cursors.prev`; the request sends one back as `after` or
 * `before`.
 */
export interface CursorSort {
  /** The sort the key belongs to (a cursor of another sort is refused). */
  by: string;
  order: 'asc' | 'desc';
}

/** Longer than any cursor a list hands out (a plan name is at most a few hundred characters). */
export const MAX_CURSOR_LENGTH = 2048;

export function encodeCursor(sort: CursorSort, key: ReadonlyArray<string | null>): string {
  return Buffer.from(JSON.stringify({ s: sort.by, o: sort.order, k: key }), 'utf8').toString('base64url');
}

/**
 * The key values of a cursor handed out for this sort, `length` of them; null for anything else
 * (the caller answers its own 400 naming the field, never a database error). The values are only
 * known to be JSON: each list checks their types (`isCursorMicros`, `isUuid`, …).
 */
export function decodeCursor(cursor: string, sort: CursorSort, length: number): unknown[] | null {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { s, o, k } = parsed as { s?: unknown; o?: unknown; k?: unknown };
  if (s !== sort.by || o !== sort.order || !Array.isArray(k) || k.length !== length) return null;
  return k as unknown[];
}

/** A time in a cursor: whole microseconds since 1970 as text, within PostgreSQL's timestamptz range (4713 BC to 294276 AD). */
export function isCursorMicros(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d{1,16}$/.test(value);
}

/** SQL of a timestamptz column as a cursor's microseconds text (a Date would drop the microseconds). */
export function microsOf(column: string): string {
  return `(extract(epoch FROM ${column}) * 1000000)::numeric(20, 0)::text`;
}

/** SQL of a cursor's microseconds parameter back as a timestamptz. */
export function fromMicros(param: string): string {
  return `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`;
}
