/**
 * Automatic fulfilment through an upstream provider panel (docs/fulfilment.md), as the admin API answers it:
 * GET /admin/fulfilment/provider, /services, /mappings; POST /mapping, /retry, /link, /cancel, /sync.
 */

/**
 * GET /admin/fulfilment/provider with a panel that places orders. `provider` is the panel's name: the
 * server's panels name themselves (`Name`: any text to the backend), the admin knows 'api-v2' and shows
 * any other name as unknown.
 */
export interface ProviderBalanceAnswer<Name extends string = 'api-v2'> {
  provider: Name;
  balance: string;
  currency: string;
  threshold: string;
  low: boolean;
  /** Whether the panel takes refills: `unsupported` once it answered that it has no refill action (docs/refill.md). */
  refill?: 'supported' | 'unsupported' | 'unknown';
  /** The server's sentence about refills on this panel, for staff; null when there is nothing to say. */
  refillMessage?: string | null;
}

/** GET /admin/fulfilment/provider. */
export type ProviderAnswer = { provider: 'manual' } | ProviderBalanceAnswer;

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

/** GET /admin/fulfilment/mappings?planId=: the plan's tiers delivered through the provider. */
export interface MappingsAnswer {
  mappings?: TierMapping[];
}

/** POST /admin/fulfilment/mapping: the tier's mapping as stored, null once removed. */
export interface MappingAnswer {
  mapping?: TierMapping | null;
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

/** What POST /admin/fulfilment/sync did. */
export interface SyncReport {
  orders: number;
  requests: number;
  updated: number;
  finished: number;
  /** Orders whose answer failed or could not be stored, asked again on the next pass. */
  unsynced?: number;
  ms: number;
  /** The refills followed in the same pass (docs/refill.md "Following"). */
  refills?: { refills?: number; requests?: number; settled?: number; unsynced?: number; abandoned?: number; ms?: number };
}
