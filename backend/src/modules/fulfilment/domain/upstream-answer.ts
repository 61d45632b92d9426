import { isPlausibleCharge, isPlausibleRemains, isPlausibleStartCount, normalWord, UPSTREAM_BOUNDS, type UpstreamFacts } from '../../../kernel/upstream-facts';
import { boundedText, quoted } from './bounded-text';
import { type FinalStatus, interpretUpstreamStatus } from './upstream-status';

/** What a provider reported for one order, as its adapter read it (numbers parsed, texts bounded). */
export interface ReportedOrder {
  status: string | null;
  charge: string | null;
  currency: string | null;
  startCount: number | null;
  remains: number | null;
  /** Values it sent that could not be read at all ('start_count "n/a"'), for staff. */
  unreadable?: readonly string[];
}

export interface ReadAnswer {
  /** Only what can be true; null: not reported, or not believed. */
  facts: UpstreamFacts;
  /** The Status a final word ends the order with. */
  finalStatus?: FinalStatus;
  /** For staff: what was sent but not kept, and why; null when everything was kept. */
  doubt: string | null;
}

/** The longest note a doubtful answer leaves. */
export const DOUBT_CHARS = 500;

/**
 * Reads one provider answer about an order of `quantity` (docs/fulfilment.md, "What a panel may say"):
 * - the status text is bounded (UPSTREAM_BOUNDS.statusChars) and interpreted (final words end the order);
 * - a start count must be a whole number from 0 to 10^11, remains from 0 to the quantity ordered, a
 *   charge plain decimal text from 0 to under 10^9, a currency at most 10 characters: anything else
 *   is not kept (null, so the last value believed stays) and named in `doubt`, word for word, cut short;
 * - Pending's start count and remains of 0 mean "not known yet" (API v2 panels send "0" before an
 *   order starts): they are not kept either, and are not doubtful.
 */
export function readUpstreamAnswer(answer: ReportedOrder, quantity: number): ReadAnswer {
  const doubts: string[] = [];
  const status = typeof answer.status === 'string' ? boundedText(answer.status, UPSTREAM_BOUNDS.statusChars) : null;
  const word = interpretUpstreamStatus(status);
  const notStarted = word.raw !== null && normalWord(word.raw) === 'pending';

  let startCount: number | null = null;
  if (answer.startCount !== null && !(notStarted && answer.startCount === 0)) {
    if (isPlausibleStartCount(answer.startCount)) startCount = answer.startCount;
    else doubts.push(`start_count ${quoted(answer.startCount)}`);
  }
  let remains: number | null = null;
  if (answer.remains !== null && !(notStarted && answer.remains === 0)) {
    if (isPlausibleRemains(answer.remains, quantity)) remains = answer.remains;
    else doubts.push(`remains ${quoted(answer.remains)} (${quantity} ordered)`);
  }
  let charge: string | null = null;
  if (answer.charge !== null) {
    if (isPlausibleCharge(answer.charge)) charge = answer.charge;
    else doubts.push(`charge ${quoted(answer.charge)}`);
  }
  let currency: string | null = null;
  if (answer.currency !== null) {
    const text = boundedText(answer.currency, UPSTREAM_BOUNDS.currencyChars + 1);
    if (text !== null && Array.from(text).length <= UPSTREAM_BOUNDS.currencyChars) currency = text;
    else if (text !== null) doubts.push(`currency ${quoted(answer.currency)}`);
  }
  for (const item of answer.unreadable ?? []) doubts.push(item);

  const doubt = doubts.length ? doubtNote(doubts) : null;
  return {
    facts: { upstreamStatus: word.raw, charge, currency, startCount, remains },
    ...(word.finalStatus !== undefined ? { finalStatus: word.finalStatus } : {}),
    doubt,
  };
}

/** The note of an answer with values not kept: "The provider sent values that cannot be true; not kept: remains -3 (1000 ordered)". */
export const doubtNote = (doubts: readonly string[]) => boundedText(`The provider sent values that cannot be true; not kept: ${doubts.join('; ')}`, DOUBT_CHARS);
