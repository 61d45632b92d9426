/**
 * What a pricing tier offers: the fields a package card shows and a customer buys. Plans keep it
 * with a position on the plan (plans' `PricingTier`); an order and its subscription keep it as
 * bought, with the currency (`PurchasedTier`).
 */
export interface TierOffer {
  pricingId: string;
  name: string;
  /** Decimal text in the plan's currency, two decimals, e.g. "19.99". */
  price: string;
  description: string;
  features: string[];
  isPopular: boolean;
}

/**
 * The pricing tier as bought: billing stores it on the order, subscriptions keep the copy the
 * customer paid for. Later edits of the plan do not rewrite it (docs/product.md#plans-and-pricing).
 */
export interface PurchasedTier extends TierOffer {
  currency: string;
}

/** A tier's offer alone, field by field (a tier with more, such as its position, gives only these), copied. */
export function offerOf(tier: TierOffer): TierOffer {
  return {
    pricingId: tier.pricingId,
    name: tier.name,
    price: tier.price,
    description: tier.description,
    features: [...tier.features],
    isPopular: tier.isPopular,
  };
}

/** The tier as bought, from the plan's tier as it is now: a copy, so later edits of the plan stay out of it. */
export function purchasedTier(tier: TierOffer, currency: string): PurchasedTier {
  return { ...offerOf(tier), currency };
}
