/**
 * The pricing tier as bought: billing stores it on the order, subscriptions keep the copy the
 * customer paid for. Later edits of the plan do not rewrite it (docs/product.md#plans-and-pricing).
 */
export interface PurchasedTier {
  pricingId: string;
  name: string;
  /** Decimal text in `currency`, e.g. "19.99". */
  price: string;
  description: string;
  features: string[];
  isPopular: boolean;
  currency: string;
}
