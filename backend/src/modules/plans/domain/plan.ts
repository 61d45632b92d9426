import type { TierOffer } from '../../../kernel/purchased-tier';

/**
 * A plan: the priced offer of one platform, with its pricing tiers (shown as package cards).
 * Plain data; plans are CRUD.
 */
export const PLAN_STATUSES = ['Active', 'Inactive', 'Pending'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const DEFAULT_CURRENCY = 'USD';

/** A tier of a plan: what it offers (the shared kernel's TierOffer) and its place among the plan's tiers. */
export interface PricingTier extends TierOffer {
  position: number;
}

export interface Plan {
  planId: string;
  name: string;
  /** Lower-cased platform name ('youtube', ..., 'facebook'); the pricing page address. */
  slug: string;
  platform: string;
  status: PlanStatus;
  currency: string;
  tiers: PricingTier[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A plan's slug is its platform name in lower case (docs/product.md#plans-and-pricing: 'YouTube' → 'youtube'). A name of
 * several words gets the catalogue's slug rule (runs of other characters become '-', as
 * slug(heading) does), so 'Google Business' → 'google-business' is one path segment and the same
 * address as the catalogue link of a service headed 'Google Business'.
 */
export function planSlugOf(platform: string): string {
  return platform
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
