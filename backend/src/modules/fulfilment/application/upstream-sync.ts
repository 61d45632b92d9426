import type { OpenUpstreamOrder, UpstreamUpdate } from '../../subscriptions/application/fulfilment-ledger.port';
import { boundedText } from '../domain/bounded-text';
import { readUpstreamAnswer } from '../domain/upstream-answer';
import { PROVIDER_ERROR_CHARS, type ProviderOrderStatus } from './provider-panel.port';

// What the sync passes of orders (SyncFulfilmentUseCase) and of refills (SyncRefillsUseCase) share,
// and how an answer about an order is stored (the sync pass and LinkUpstreamOrderUseCase).

/**
 * A `placing` older than the panel's call timeout plus this was cut short: its call can no longer be
 * running (the app stopped during it). The margin covers clock differences between instances.
 */
export const ABANDON_PLACING_MARGIN_MS = 30_000;
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
