import { type FinalOrderStatus, ORDER_STATUS } from '../../../kernel/order-status';
import { normalWord } from '../../../kernel/upstream-facts';

/**
 * A provider's status word, read. API v2 panels write Pending, In progress, Processing, Completed,
 * Partial, Canceled (or Cancelled) and Refunded, in any case; some add words of their own. The raw
 * text is always kept (staff see it); only the four final words end the order, with the
 * subscription Status each one means: 1 Completed, 2 Partial, 3 Canceled, 4 Refunded.
 */
export type FinalStatus = FinalOrderStatus;

export interface UpstreamStatus {
  /** The text as the provider sent it (trimmed); null when it sent none. */
  raw: string | null;
  /** The subscription Status the word ends the order with; absent while the order is still open. */
  finalStatus?: FinalStatus;
}

/**
 * A Map, never a plain object: the word is the provider's, and a plain object would answer
 * `constructor`, `__proto__`, `toString`… with what Object.prototype holds (a function, an object).
 */
const FINAL_WORDS: ReadonlyMap<string, FinalStatus> = new Map([
  ['completed', ORDER_STATUS.Completed],
  ['partial', ORDER_STATUS.Partial],
  ['canceled', ORDER_STATUS.Canceled],
  ['cancelled', ORDER_STATUS.Canceled],
  ['refunded', ORDER_STATUS.Refunded],
]);

/**
 * Interprets a status word: case and surrounding (or doubled inner) spaces do not matter. Pending,
 * In progress, Processing, and any word not known here leave the order open.
 */
export function interpretUpstreamStatus(word: string | null | undefined): UpstreamStatus {
  const raw = typeof word === 'string' ? word.trim() : '';
  if (!raw) return { raw: null };
  const finalStatus = FINAL_WORDS.get(normalWord(raw));
  return finalStatus === undefined ? { raw } : { raw, finalStatus };
}
