import type { OpenUpstreamOrder, UpstreamUpdate } from '../application/fulfilment-ledger.port';
import { boundedText } from '../domain/bounded-text';
import { readUpstreamAnswer } from '../domain/upstream-answer';
import { PROVIDER_ERROR_CHARS, ProviderError, type ProviderOrderStatus } from './provider-panel.port';

// What the sync passes of orders (SyncFulfilmentUseCase) and of refills (SyncRefillsUseCase) share,
// and how an answer about an order is stored (the sync pass and LinkUpstreamOrderUseCase).

/**
 * Status calls under way at once. A real panel answers in 100–500 ms, so one call at a time would
 * make 10,000 orders a pass of 10–50 s; a few in flight keep it a few seconds without hammering the
 * panel (each call still carries at most STATUS_BATCH ids).
 */
export const CALLS_IN_FLIGHT = 4;
/**
 * An order the provider keeps answering with an error for ("Incorrect order ID": deleted on the
 * panel, a wrong id linked…) goes to review once it was placed longer ago than this; before, the
 * error may be a panel that does not report a brand-new order yet.
 */
export const REVIEW_UNREPORTED_AFTER_MS = 60 * 60_000;

/**
 * What one order's answer changes: its facts and, for a final word, its Status; or the provider's
 * error for that id. Also how a linked order's first answer is stored (LinkUpstreamOrderUseCase).
 */
export function updateOf(order: Pick<OpenUpstreamOrder, 'subscriptionId' | 'quantity'>, answer: ProviderOrderStatus | { error: string } | undefined): UpstreamUpdate {
  const unknown = { upstreamStatus: null, charge: null, currency: null, startCount: null, remains: null };
  if (!answer) return { subscriptionId: order.subscriptionId, ...unknown, error: 'The provider did not report this order' };
  if ('error' in answer) return { subscriptionId: order.subscriptionId, ...unknown, error: boundedText(String(answer.error), PROVIDER_ERROR_CHARS) ?? 'no reason given' };
  const read = readUpstreamAnswer(answer, order.quantity);
  return {
    subscriptionId: order.subscriptionId,
    ...read.facts,
    ...(read.finalStatus !== undefined ? { finalStatus: read.finalStatus } : {}),
    ...(read.doubt !== null ? { note: read.doubt } : {}),
  };
}

/**
 * A batch asked with narrowing: the answers had (by the provider's id), the items whose call failed
 * (with why), and why the pass stops (null: it goes on).
 */
export interface NarrowedAnswers<T, A> {
  answers: Map<string, A>;
  failed: Array<{ item: T; why: string }>;
  stop: string | null;
}

/**
 * Asks a multi-id status call (`status` for orders, `refill_status` for refills) for `batch`; a call
 * that fails is narrowed down (docs/fulfilment.md, "One answer never stops the rest"): its two halves
 * are asked, and the half that fails alone is split again, down to the one item whose answer fails
 * (`failed`, the pass goes on). When both halves fail it is the panel, not one answer: `stop` says
 * why (the failing items are `failed`). A timeout or an unreachable panel stops at once (asking again
 * would wait as long); so does one item asked alone with nothing beside it (it cannot be told from
 * the panel failing). `extraCalls` counts the calls made besides the first.
 */
export async function askNarrowing<T, A>(batch: T[], call: (items: T[]) => Promise<Map<string, A>>, extraCalls: (calls: number) => void): Promise<NarrowedAnswers<T, A>> {
  const first = await attempt(batch, call);
  return 'answers' in first ? { answers: first.answers, failed: [], stop: null } : narrowFailedCall(batch, first.error, call, extraCalls);
}

/** askNarrowing after the first call for `batch` failed with `error` (for a caller that looks at that error first). */
export function narrowFailedCall<T, A>(
  batch: T[],
  error: unknown,
  call: (items: T[]) => Promise<Map<string, A>>,
  extraCalls: (calls: number) => void,
): Promise<NarrowedAnswers<T, A>> {
  return narrow(batch, error, call, extraCalls, false);
}

async function attempt<T, A>(items: T[], call: (items: T[]) => Promise<Map<string, A>>): Promise<{ answers: Map<string, A> } | { error: unknown }> {
  try {
    return { answers: await call(items) };
  } catch (error) {
    return { error };
  }
}

/** `batch` failed with `error`: ask its halves; follow the one that fails alone. `siblingAnswered`: the other half of `batch` answered. */
async function narrow<T, A>(
  batch: T[],
  error: unknown,
  call: (items: T[]) => Promise<Map<string, A>>,
  extraCalls: (calls: number) => void,
  siblingAnswered: boolean,
): Promise<NarrowedAnswers<T, A>> {
  const why = narrowReason(error);
  const all = { answers: new Map<string, A>(), failed: batch.map((item) => ({ item, why })) };
  if (error instanceof ProviderError && (error.failure === 'unreachable' || error.timedOut)) return { ...all, stop: why };
  if (batch.length === 1) return { ...all, stop: siblingAnswered ? null : why };
  const middle = Math.ceil(batch.length / 2);
  const halves = [batch.slice(0, middle), batch.slice(middle)];
  extraCalls(2);
  const [first, second] = await Promise.all(halves.map((half) => attempt(half, call)));
  if ('error' in first && 'error' in second) return { ...all, stop: why };
  if ('answers' in first && 'answers' in second) return { answers: new Map([...first.answers, ...second.answers]), failed: [], stop: null };
  const [answered, failing, failure] = 'answers' in first ? [first.answers, halves[1], second] : [(second as { answers: Map<string, A> }).answers, halves[0], first];
  const deeper = await narrow(failing, (failure as { error: unknown }).error, call, extraCalls, true);
  return { answers: new Map([...answered, ...deeper.answers]), failed: deeper.failed, stop: deeper.stop };
}

function narrowReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return boundedText(text, PROVIDER_ERROR_CHARS) ?? 'no reason given';
}
