/** The plans' bodies: plans and their pricing tiers (docs/product.md#plans-and-pricing). */

export interface PricingTier {
  pricingId?: string;
  name: string;
  /** Decimal string in the plan's currency, e.g. "19.99". */
  price: string;
  description: string;
  features: string[];
  isPopular: boolean;
  /**
   * Days of refill guarantee from completion, from the tier's provider mapping (0 or absent: none;
   * docs/refill.md).
   */
  refillDays?: number;
}

export type PlanStatus = 'Active' | 'Inactive' | 'Pending';

export interface Plan {
  planId: string;
  name: string;
  slug?: string;
  /** The platform its pricing page is for (a slug of the eight, or null for another network). */
  platform?: string | null;
  status: PlanStatus;
  currency?: string;
  pricing: PricingTier[];
}

/** GET /plans/{slug} and POST /plan/getByName: a plan on sale, its tiers with their refill guarantee. */
export interface PlanAnswer {
  planId?: string;
  pricing?: PricingTier[];
  plan?: Partial<Plan>;
}

/** One row of POST /plan/all. */
export interface PlanSummary {
  planId: string;
  name: string;
  slug?: string;
  platform?: string | null;
  status: PlanStatus | string;
  currency?: string;
  /** How many pricing tiers the plan has. */
  tiers?: number;
  updatedAt?: string;
}

/** POST /plan/all. */
export interface PlansAnswer {
  plans?: PlanSummary[];
  pages?: number;
  total?: number;
  page?: number;
}
