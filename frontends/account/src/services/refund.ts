import { formatPrice } from '@growth/kit/format';
import type { SubscriptionRefund } from '@growth/kit';
import { compareDecimal, formatDate, isPositiveDecimal, subtractDecimal } from './format';
import type { ListedSubscription } from './useSubscriptionPage';

/**
 * The latest a customer may ask: no setting allows a window above 30 days (docs/refunds.md
 * "Policy"). The server holds the real window (10 days by default) and refuses with its own words;
 * the client only hides the button where no window could reach.
 */
export const REFUND_HORIZON_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const ON_ITS_WAY = new Set<SubscriptionRefund['state']>(['pending', 'failed']);

/**
 * Whether the card offers "Request a refund": an order bought within the horizon, without an open
 * request, a refund on its way (a failed one is retried by staff, docs/refunds.md "How a refund
 * runs", so to the customer it is on its way too) or everything paid already sent back. An
 * unreadable purchase date leaves the decision to the server.
 */
export function canRequestRefund(subscription: ListedSubscription, now = Date.now()): boolean {
  const bought = Date.parse(subscription.createdAt);
  if (Number.isFinite(bought) && now - bought > REFUND_HORIZON_DAYS * DAY_MS) return false;
  const refund = subscription.refund;
  if (!refund) return true;
  if (refund.requestState === 'open' || ON_ITS_WAY.has(refund.state)) return false;
  const full = compareDecimal(refund.requested, subscription.pricing?.price);
  return !(full === 0 || full === 1);
}

/** One line of where a refund stands; `note` is staff's own words, written after it. */
export interface RefundLine {
  text: string;
  note?: string;
}

/**
 * Where the refund stands, in the customer's words (docs/refunds.md "What the APIs say"): what was
 * sent back and when, what is on its way (requested − refunded), then the request's state. A failed
 * refund is shown as on its way: staff send it again. Nothing for `refund: null`.
 */
export function refundLines(subscription: ListedSubscription): RefundLine[] {
  const refund = subscription.refund;
  if (!refund) return [];
  const currency = refund.currency || subscription.pricing?.currency || 'USD';
  const money = (amount: string) => formatPrice(amount, currency);
  const lines: RefundLine[] = [];

  const processed = isPositiveDecimal(refund.refunded) ? refund.refunded : refund.state === 'processed' && isPositiveDecimal(refund.requested) ? refund.requested : null;
  if (processed) {
    const on = formatDate(refund.refundedAt);
    lines.push({ text: on ? `Refunded ${money(processed)} on ${on}` : `Refunded ${money(processed)}` });
  }
  if (ON_ITS_WAY.has(refund.state)) {
    const coming = subtractDecimal(refund.requested, isPositiveDecimal(refund.refunded) ? refund.refunded : '0');
    lines.push({ text: isPositiveDecimal(coming) ? `Refund of ${money(coming as string)} on its way` : 'Refund on its way' });
  }

  if (refund.requestState === 'open') lines.push({ text: 'Refund requested' });
  if (refund.requestState === 'declined') {
    const message = refund.message?.trim();
    lines.push(message ? { text: 'Refund declined:', note: message } : { text: 'Refund declined' });
  }
  return lines;
}
