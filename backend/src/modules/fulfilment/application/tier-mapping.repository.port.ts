/** How a pricing tier is delivered automatically: the provider's service and the quantity ordered per purchase. */
export interface TierMapping {
  pricingId: string;
  /** The provider's service id (API v2 `service`), as text. */
  serviceId: string;
  /** The service's name as the provider listed it when the mapping was saved (for staff). */
  serviceName: string;
  quantity: number;
  /** The refill guarantee of orders of this tier, in days (0: none, at most 365; docs/refill.md). */
  refillDays: number;
  updatedAt: Date;
}

/**
 * Table tier_fulfilment: one row per mapped pricing tier; a tier without a row stays manual. Every
 * method joins the caller's UnitOfWork transaction when there is one.
 */
export abstract class TierMappingRepository {
  /** The mapping of one tier, or null (manual). */
  abstract findByTier(pricingId: string): Promise<TierMapping | null>;

  /** The mappings of the tiers of one plan (tiers without a mapping are left out), in the plan's tier order. */
  abstract findByPlan(planId: string): Promise<TierMapping[]>;

  /** Whether a pricing tier with this id exists (pricing_tiers). */
  abstract tierExists(pricingId: string): Promise<boolean>;

  /** The refill guarantee of each of `pricingIds` that has one (days > 0); tiers without are left out. */
  abstract refillDaysOf(pricingIds: string[]): Promise<Map<string, number>>;

  /** Creates or replaces the tier's mapping; false when the tier does not exist (any more). */
  abstract save(mapping: TierMapping): Promise<boolean>;

  /** Removes the tier's mapping (the tier goes back to manual); the removed mapping, or null when there was none. */
  abstract remove(pricingId: string): Promise<TierMapping | null>;
}
