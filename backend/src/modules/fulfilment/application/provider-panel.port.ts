/** One service of the provider's catalogue (API v2 `services`). */
export interface ProviderService {
  /** The provider's service id, as text. */
  service: string;
  name: string;
  type: string;
  category: string;
  /** Price per 1,000, decimal text in the provider's currency. */
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
}

/**
 * The provider's answer to `status` for one order, as read: every text bounded (control characters
 * removed, cut short), numbers parsed but not judged (a negative remains is passed on; the sync pass
 * decides what can be true, see domain/upstream-answer.ts).
 */
export interface ProviderOrderStatus {
  /** The status text as sent (bounded); null when missing. */
  status: string | null;
  charge: string | null;
  currency: string | null;
  startCount: number | null;
  remains: number | null;
  /** Values sent that could not be read ('start_count "n/a"', cut short), for staff. */
  unreadable?: string[];
}

/**
 * What an upstream order id may be: what staff can type in Link (letters, digits, - _ . :, at most
 * 64). API v2 panels use numbers; an id of any other shape (a comma would split a status call) is
 * not taken as one.
 */
export const UPSTREAM_ORDER_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** An `unclear` failure's sentence when the connection closed before any answer (a read may be asked again at once). */
export const CONNECTION_CLOSED_MESSAGE = 'The provider closed the connection without answering';

/** The most characters of a provider's error text kept (a note, a log line, a 502 message). */
export const PROVIDER_ERROR_CHARS = 300;

/**
 * Why a provider call failed, which decides what may be done next:
 * - `unreachable`: nothing reached the provider (connection refused, unknown host): safe to try again;
 * - `rejected`: the provider answered with `{error: "…"}` (HTTP 200, as API v2 does): nothing was done;
 * - `unclear`: a timeout, an HTTP error status, or an answer that is not the expected JSON: the
 *   provider may or may not have acted. For `add` that means: never retry blindly.
 */
export type ProviderFailure = 'unreachable' | 'rejected' | 'unclear';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    /** A human sentence for staff, e.g. 'The provider did not answer within 15 s'. */
    message: string,
    /** The call ran out of time (PROVIDER_TIMEOUT_MS): asking again at once would wait as long. */
    readonly timedOut = false,
    /**
     * A refusal that means "this panel has no such action" ({"error": "Incorrect request"} or
     * "Request Invalid", with HTTP 200): not a failure to retry, the panel does not do it.
     */
    readonly unsupported = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * An upstream provider panel ("API v2"). Adapters: `api-v2` (PROVIDER_URL, PROVIDER_KEY) and
 * `manual` (the embedded default: automatic fulfilment is off; every call that would reach a
 * provider throws, `enabled` is false). Every failure is a ProviderError.
 */
export abstract class ProviderPanel {
  /** 'api-v2' or 'manual'. */
  abstract readonly name: string;
  /** False for the manual adapter: tiers are not placed upstream whatever their mapping. */
  abstract readonly enabled: boolean;
  /**
   * A call begun longer ago than this is over, also as another instance's clock sees it: the call
   * timeout (PROVIDER_TIMEOUT_MS) plus FULFILMENT_ABANDON_MARGIN_MS; 0 for manual. A `placing` older
   * than this was cut short by a stop.
   */
  abstract readonly callOverAfterMs: number;
  abstract services(): Promise<ProviderService[]>;
  /** Places an order; returns the provider's order id as text. */
  abstract add(order: { service: string; link: string; quantity: number }): Promise<string>;
  /**
   * Status of up to 100 orders in one call (`orders=1,2,3`). Each id asked is in the result: a
   * status, or `{error}` when the provider sent an error for that id (or left it out).
   */
  abstract statuses(upstreamOrderIds: string[]): Promise<Map<string, ProviderOrderStatus | { error: string }>>;
  abstract balance(): Promise<{ balance: string; currency: string }>;
  /**
   * Asks the provider to top up one order (`refill` {order}); returns its refill id as text. A panel
   * without a refill action fails with a `rejected` ProviderError whose `unsupported` is true.
   */
  abstract refill(upstreamOrderId: string): Promise<string>;
  /**
   * Status of up to 100 refills in one call (`refill_status` {refills: "1,2,3"}). Each id asked is in
   * the result: the provider's word (bounded; null when it sent none), or `{error}`.
   */
  abstract refillStatuses(upstreamRefillIds: string[]): Promise<Map<string, { status: string | null } | { error: string }>>;
}

/** The most order ids one `status` call carries (API v2's limit). */
export const STATUS_BATCH = 100;
