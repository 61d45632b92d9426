/**
 * Automatic fulfilment through an upstream provider panel (docs/fulfilment.md), as the admin API answers it:
 * GET /admin/fulfilment/provider, /services, /mappings; POST /mapping, /retry, /link, /cancel, /sync.
 */

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
