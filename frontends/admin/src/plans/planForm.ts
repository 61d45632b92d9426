import type { Plan, PlanStatus, PricingTier } from '@growth/kit';

/** Limits the server checks too (plans domain: plan-form). */
export const PLAN_FORM_LIMITS = { nameMax: 100, platformMax: 50, tiersMax: 20, tierNameMax: 100, descriptionMax: 1000, featuresMax: 30 } as const;

/** A tier as edited: features as the textarea's text, a local key for React and for field ids. */
export interface TierDraft {
  key: string;
  /** Saved tiers only; a tier without it is created on save. */
  pricingId?: string;
  name: string;
  price: string;
  description: string;
  featuresText: string;
  isPopular: boolean;
}

export interface PlanDraft {
  name: string;
  /** Create only: the platform sold (defaults to the name on the server). */
  platform: string;
  status: PlanStatus;
  /** Create only: e.g. 'USD' (the server's default when blank). */
  currency: string;
  tiers: TierDraft[];
}

export interface TierErrors {
  name?: string;
  price?: string;
}

export interface PlanErrors {
  name?: string;
  tiers: Record<string, TierErrors>;
}

export const NAME_REQUIRED = 'Enter the plan name.';
export const TIER_NAME_REQUIRED = 'Every pricing tier needs a name.';
export const PRICE_INVALID = 'Enter an amount above 0 with at most 2 decimals, e.g. 19.99.';

let nextKey = 0;
const newKey = () => `tier-${++nextKey}`;

/** Tier features as the editor sends them (docs/product.md#validation): one per line, trimmed, blank lines dropped. */
export function cleanFeatures(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A price the server accepts: plain decimal text, at most 2 decimals, above 0. */
export function isValidPrice(price: string): boolean {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(price.trim());
  return match !== null && Number(price) > 0;
}

export function emptyTier(): TierDraft {
  return { key: newKey(), name: '', price: '', description: '', featuresText: '', isPopular: false };
}

/** A new plan; started for a service (`platform`: its heading), it is named after it too. */
export function emptyPlan(platform = ''): PlanDraft {
  const name = platform.trim();
  return { name, platform: name, status: 'Active', currency: 'USD', tiers: [emptyTier()] };
}

export function tierDraftOf(tier: PricingTier): TierDraft {
  return {
    key: tier.pricingId ? `saved-${tier.pricingId}` : newKey(),
    pricingId: tier.pricingId,
    name: tier.name ?? '',
    price: tier.price === undefined || tier.price === null ? '' : String(tier.price),
    description: tier.description ?? '',
    featuresText: Array.isArray(tier.features) ? tier.features.join('\n') : '',
    isPopular: Boolean(tier.isPopular),
  };
}

export function draftOf(plan: Plan & { platform?: string | null }): PlanDraft {
  return {
    name: plan.name ?? '',
    platform: plan.platform ?? '',
    status: plan.status,
    currency: plan.currency ?? '',
    tiers: Array.isArray(plan.pricing) ? plan.pricing.map(tierDraftOf) : [],
  };
}

/** The form's mistakes, by field; `hasErrors` tells whether there is any. */
export function validatePlan(draft: PlanDraft): PlanErrors {
  const errors: PlanErrors = { tiers: {} };
  if (!draft.name.trim()) errors.name = NAME_REQUIRED;
  for (const tier of draft.tiers) {
    const tierErrors: TierErrors = {};
    if (!tier.name.trim()) tierErrors.name = TIER_NAME_REQUIRED;
    if (!isValidPrice(tier.price)) tierErrors.price = PRICE_INVALID;
    if (tierErrors.name || tierErrors.price) errors.tiers[tier.key] = tierErrors;
  }
  return errors;
}

/**
 * The mistakes still standing after an edit: a shown error goes as soon as its field is fixed, and
 * no new one appears before the next Save (a field being typed is not wrong yet).
 */
export function errorsStillStanding(shown: PlanErrors, draft: PlanDraft): PlanErrors {
  if (!hasErrors(shown)) return shown;
  const now = validatePlan(draft);
  const standing: PlanErrors = { tiers: {} };
  if (shown.name && now.name) standing.name = now.name;
  for (const [key, tierShown] of Object.entries(shown.tiers)) {
    const tierNow = now.tiers[key];
    const tier: TierErrors = {};
    if (tierShown.name && tierNow?.name) tier.name = tierNow.name;
    if (tierShown.price && tierNow?.price) tier.price = tierNow.price;
    if (tier.name || tier.price) standing.tiers[key] = tier;
  }
  return standing;
}

export function hasErrors(errors: PlanErrors): boolean {
  return Boolean(errors.name) || Object.keys(errors.tiers).length > 0;
}

function tierBody(tier: TierDraft) {
  return {
    ...(tier.pricingId ? { pricingId: tier.pricingId } : {}),
    name: tier.name.trim(),
    price: tier.price.trim(),
    description: tier.description.trim(),
    features: cleanFeatures(tier.featuresText),
    isPopular: tier.isPopular,
  };
}

/** POST /plan/update: {planId, name, status, pricing} (tiers without pricingId are created). */
export function updateBody(planId: string, draft: PlanDraft) {
  return { planId, name: draft.name.trim(), status: draft.status, pricing: draft.tiers.map(tierBody) };
}

/** POST /plan/create: {name, platform?, status, currency?, pricing}. */
export function createBody(draft: PlanDraft) {
  const platform = draft.platform.trim();
  const currency = draft.currency.trim().toUpperCase();
  return {
    name: draft.name.trim(),
    ...(platform ? { platform } : {}),
    status: draft.status,
    ...(currency ? { currency } : {}),
    pricing: draft.tiers.map(tierBody),
  };
}
