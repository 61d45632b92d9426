/**
 * Automatic fulfilment through an upstream provider panel (docs/fulfilment.md), as the admin API answers it:
 * GET /admin/fulfilment/provider, /services, /mappings; POST /mapping, /retry, /link, /cancel, /sync.
 */

/** Where an order stands with the provider (null fulfilment: the manual path). */
export type FulfilmentState = 'queued' | 'placing' | 'open' | 'needs_review' | 'done' | 'canceled';

/** The states in staff's words. */
export const FULFILMENT_STATE_TEXT: Record<FulfilmentState, string> = {
  queued: 'Queued',
  placing: 'Placing…',
  open: 'Placed upstream',
  needs_review: 'Needs review',
  done: 'Finished',
  canceled: 'Cancelled',
};

/** A subscription's `fulfilment` in the admin bodies; any field may be unknown (null). */
export interface AdminFulfilment {
  state: FulfilmentState | string;
  serviceId?: string | null;
  /** The service's name on the panel when the order was queued. */
  serviceName?: string | null;
  quantity?: number | null;
  upstreamOrderId?: string | null;
  /** The provider's raw words ("In progress", "Completed", …). */
  upstreamStatus?: string | null;
  /** Decimal text in `currency`. */
  charge?: string | null;
  currency?: string | null;
  startCount?: number | string | null;
  remains?: number | string | null;
  /** Why it needs review, or the last problem seen. */
  note?: string | null;
  queuedAt?: string | null;
  placedAt?: string | null;
  checkedAt?: string | null;
  /** Price paid minus the upstream charge; null when the currencies differ or the charge is unknown. */
  margin?: { amount: string; currency: string } | null;
}

/**
 * Only an order that needs review can be linked to the order staff found on the provider panel
 * (the usual way out: a timed-out add had mostly placed it); the server says 409 otherwise.
 */
export const canLink = (fulfilment: AdminFulfilment | null | undefined) => fulfilment?.state === 'needs_review';

/** Only an order that needs review can be placed again (the server says 409 otherwise). */
export const canRetry = (fulfilment: AdminFulfilment | null | undefined) => fulfilment?.state === 'needs_review';

/** Only an order not placed upstream yet can be cancelled here. */
export const canCancel = (fulfilment: AdminFulfilment | null | undefined) => fulfilment?.state === 'queued' || fulfilment?.state === 'needs_review';

export type ProviderAnswer =
  | { provider: 'manual' }
  | {
      provider: 'api-v2';
      balance: string;
      currency: string;
      threshold: string;
      low: boolean;
      /** Whether the panel takes refills: `unsupported` once it answered that it has no refill action (docs/refill.md). */
      refill?: 'supported' | 'unsupported' | 'unknown';
      /** The server's sentence about refills on this panel, for staff; null when there is nothing to say. */
      refillMessage?: string | null;
    };

/** One service of the provider's `services` list. */
export interface ProviderService {
  service: string;
  name: string;
  type?: string;
  category?: string;
  /** Price per 1000 units, decimal text. */
  rate: string;
  min: number;
  max: number;
  refill?: boolean;
  cancel?: boolean;
}

export interface ServicesAnswer {
  provider: 'manual' | 'api-v2' | string;
  services?: ProviderService[];
}

/** A pricing tier delivered through the provider; tiers without one are manual. */
export interface TierMapping {
  pricingId: string;
  serviceId: string;
  serviceName: string;
  quantity: number;
  /** Days of refill guarantee from completion, 0 to 365 (0: none); only on a service with `refill` (docs/refill.md). */
  refillDays?: number;
}

/**
 * A subscription's `refill` in the admin bodies (docs/refill.md): the customer's view of it, plus
 * whether a refill waits for staff (`review`) and every refill asked, newest first.
 */
export interface AdminRefill {
  state: 'available' | 'requested' | 'in_progress' | 'completed' | 'rejected' | string;
  days: number;
  requestedAt: string | null;
  settledAt: string | null;
  until: string | null;
  canRequest: boolean;
  nextRequestAt: string | null;
  /** What the customer reads. */
  message: string | null;
  review?: boolean;
  history?: AdminRefillEntry[];
}

/** One refill asked of the provider, as staff read it. */
export interface AdminRefillEntry {
  id: string;
  state: string;
  actor: 'customer' | 'staff' | string;
  requestedAt: string | null;
  settledAt: string | null;
  checkedAt: string | null;
  upstreamRefillId: string | null;
  /** The provider's raw status word. */
  upstreamStatus: string | null;
  /** The provider's own words when it refused. */
  failure: string | null;
  review: boolean;
}

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

/** What POST /admin/fulfilment/sync did. */
export interface SyncReport {
  orders: number;
  requests: number;
  updated: number;
  finished: number;
  ms: number;
  /** The refills followed in the same pass (docs/refill.md "Following"). */
  refills?: { refills?: number; requests?: number; settled?: number; unsynced?: number; abandoned?: number; ms?: number };
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
