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

/** The provider's answer to `status` for one order. */
export interface ProviderOrderStatus {
  /** The status text as sent (kept raw); null when missing. */
  status: string | null;
  charge: string | null;
  currency: string | null;
  startCount: number | null;
  remains: number | null;
}

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
  /** The longest one call can take before it is given up (PROVIDER_TIMEOUT_MS; 0 for manual). */
  abstract readonly callTimeoutMs: number;
  abstract services(): Promise<ProviderService[]>;
  /** Places an order; returns the provider's order id as text. */
  abstract add(order: { service: string; link: string; quantity: number }): Promise<string>;
  /**
   * Status of up to 100 orders in one call (`orders=1,2,3`). Each id asked is in the result: a
   * status, or `{error}` when the provider sent an error for that id (or left it out).
   */
  abstract statuses(upstreamOrderIds: string[]): Promise<Map<string, ProviderOrderStatus | { error: string }>>;
  abstract balance(): Promise<{ balance: string; currency: string }>;
}

/** The most order ids one `status` call carries (API v2's limit). */
export const STATUS_BATCH = 100;
