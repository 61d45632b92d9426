/**
 * Automatic fulfilment through an upstream provider panel (docs/fulfilment.md): staff's words and
 * what they may do with an order; the bodies of GET /admin/fulfilment/provider, /services, /mappings
 * and POST /mapping, /retry, /link, /cancel, /sync are typed in @growth/contracts.
 */
import type { AdminFulfilment, AdminRefill, FulfilmentState } from '@growth/kit';

/** The states in staff's words. */
export const FULFILMENT_STATE_TEXT: Record<FulfilmentState, string> = {
  queued: 'Queued',
  placing: 'Placing…',
  open: 'Placed upstream',
  needs_review: 'Needs review',
  done: 'Finished',
  canceled: 'Cancelled',
};

/**
 * Only an order that needs review can be linked to the order staff found on the provider panel
 * (the usual way out: a timed-out add had mostly placed it); the server says 409 otherwise.
 */
export const canLink = (fulfilment: AdminFulfilment | null | undefined) => fulfilment?.state === 'needs_review';

/** Only an order that needs review can be placed again (the server says 409 otherwise). */
export const canRetry = (fulfilment: AdminFulfilment | null | undefined) => fulfilment?.state === 'needs_review';

/** Only an order not placed upstream yet can be cancelled here. */
export const canCancel = (fulfilment: AdminFulfilment | null | undefined) => fulfilment?.state === 'queued' || fulfilment?.state === 'needs_review';

/**
 * Staff may ask the provider for a refill of any order it has (an upstream id), whatever the
 * guarantee; not while one is with the provider (`placing` or `open`: the server says 409). A refill
 * in review does not stop them: asking again closes it (docs/refill.md "Rules").
 */
export function canStaffRefill(fulfilment: AdminFulfilment | null | undefined, refill: AdminRefill | null | undefined): boolean {
  if (!fulfilment?.upstreamOrderId) return false;
  if (fulfilment.state !== 'open' && fulfilment.state !== 'done') return false;
  if (!refill) return true;
  const latest = Array.isArray(refill.history) ? refill.history[0] : undefined;
  if (latest && typeof latest === 'object') return latest.state !== 'placing' && latest.state !== 'open';
  return refill.review === true || (refill.state !== 'requested' && refill.state !== 'in_progress');
}

/**
 * Money as decimal text, never through a float: trailing zeros past the cents dropped
 * ('123.4500' → '123.45', '0.27819' kept, '12' → '12.00'); anything that is not a plain decimal
 * is shown as sent, '—' when missing.
 */
export function decimalText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string' || value.trim() === '') return '—';
  const match = /^(-?\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value.trim();
  const decimals = (match[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${match[1]}.${decimals}`;
}

/** '12.34 USD' (currency left out when unknown). */
export function moneyText(amount: unknown, currency: unknown): string {
  const text = decimalText(amount);
  if (text === '—') return text;
  return typeof currency === 'string' && currency.trim() ? `${text} ${currency.trim().toUpperCase()}` : text;
}

/** '1 order' / '250 orders'. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
