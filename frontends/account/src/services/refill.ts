import type { SubscriptionRefill } from '@growth/kit';
import { formatDate, formatDateTime } from './format';

/** The refill states a card knows; anything else the server may send is shown as nothing. */
const STATES = new Set<SubscriptionRefill['state']>(['available', 'requested', 'in_progress', 'completed', 'rejected']);

/** How the card shows where a refill stands (docs/refill.md "What the customer sees"). */
export interface RefillView {
  /** '30-day refill guarantee until Dec 3, 2026'; null when the days are unreadable. */
  guarantee: string | null;
  /** 'Refill requested', 'Refill in progress', 'Refilled on Dec 1, 2026', 'Refill rejected by the provider'; null when none was asked. */
  state: string | null;
  /** A refill was refused: the line reads as a problem, not as progress. */
  problem: boolean;
  /** The server's plain sentence (why not now, why the provider refused), or when another request is taken. */
  note: string | null;
  /** Whether the card offers "Request refill". */
  canRequest: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function days(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * The guarantee in words: until its end once the order is completed ('30-day refill guarantee
 * until Dec 3, 2026', 'ended on' once the server says it `ended`: judged by the server's clock, the
 * one the refill route decides by, never the browser's), from completion before; a one-day
 * guarantee is '1-day', as written on the pricing card.
 */
function guaranteeText(refill: SubscriptionRefill): string | null {
  const length = days(refill.days);
  if (length === null) return null;
  const name = `${length}-day refill guarantee`;
  const until = formatDate(refill.until);
  if (!until) return `${name}, from completion`;
  return refill.ended === true ? `${name} ended on ${until}` : `${name} until ${until}`;
}

function stateText(refill: SubscriptionRefill): string | null {
  switch (refill.state) {
    case 'requested':
      return 'Refill requested';
    case 'in_progress':
      return 'Refill in progress';
    case 'completed': {
      const on = formatDate(refill.settledAt);
      return on ? `Refilled on ${on}` : 'Refilled';
    }
    case 'rejected':
      return 'Refill rejected by the provider';
    case 'available': // none asked yet
    default:
      return null;
  }
}

/**
 * The card's refill block for the subscription's `refill`; null when the order carries no guarantee
 * (or the server sent something it cannot read). The button follows the server's `canRequest`
 * alone: the period, the one-a-day rule and a refill in flight are the server's to judge.
 */
export function refillView(refill: SubscriptionRefill | null | undefined, now = Date.now()): RefillView | null {
  if (!refill || typeof refill !== 'object' || !STATES.has(refill.state)) return null;
  const canRequest = refill.canRequest === true;
  let note = text(refill.message);
  // Without the server's own sentence, a refusal of one more request today still says when.
  const next = formatDateTime(refill.nextRequestAt);
  if (!note && !canRequest && next !== '—' && Date.parse(refill.nextRequestAt as string) > now) {
    note = `You can ask for another refill from ${next}.`;
  }
  return { guarantee: guaranteeText(refill), state: stateText(refill), problem: refill.state === 'rejected', note, canRequest };
}
