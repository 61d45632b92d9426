import { AppError } from '../../../platform/errors/app-error';
// The one table of currencies and their minor units is billing's (pure functions, no framework).
import { InvalidPriceError, isGatewayCurrency, maxPriceText, minorUnitExponent, minorUnitsOf } from '../../../kernel/money';
import { DEFAULT_CURRENCY, PLAN_STATUSES, type PlanStatus, planSlugOf } from './plan';

/**
 * The admin's plan screens (create, edit): the rules of a plan's fields and of its pricing tiers.
 * Plain functions; the HTTP adapter has checked the types.
 */
export const PLAN_LIMITS = {
  nameMax: 100,
  platformMax: 50,
  tiersMax: 20,
  tierNameMax: 100,
  descriptionMax: 1000,
  featuresMax: 30,
  featureMax: 200,
} as const;

/**
 * The highest price a tier may have in USD: what one payment order may carry (Razorpay's ceiling,
 * 99,999,999.99 in a two-decimal currency), so every price shown can be bought. In a three-decimal
 * currency the ceiling is ten times lower (maxPriceText: 9,999,999.99 KWD).
 */
export const MAX_PRICE = maxPriceText(DEFAULT_CURRENCY);
export const PRICE_MESSAGE = 'price must be an amount above 0 with at most 2 decimals, e.g. 19.99';
export const CURRENCY_MESSAGE = 'currency must be a three-letter code such as USD';

const invalid = (message: string, code = 'invalid') => new AppError('invalid', message, code);

/**
 * A plan's currency as stored: one the payment gateway takes (billing's MINOR_UNIT_EXPONENTS, the one
 * table of ISO 4217 exponents), in capitals. Refused: anything else (ZZZ, XAU, a withdrawn code), and
 * currencies without minor units (JPY): tier prices are kept with two decimals (numeric(12,2)). A
 * three-decimal currency (KWD, BHD, OMR, JOD, TND, IQD) is fine: a two-decimal price is a whole
 * number of its thousandths, with the last digit 0 as Razorpay asks.
 */
export function planCurrencyOf(raw: string | undefined): string {
  const currency = (raw ?? '').trim().toUpperCase() || DEFAULT_CURRENCY;
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid(CURRENCY_MESSAGE, 'invalid_currency');
  if (!isGatewayCurrency(currency)) {
    throw invalid(`currency must be one the payment gateway takes (ISO 4217, such as USD, EUR, INR or KWD): ${currency} is not`, 'invalid_currency');
  }
  if (minorUnitExponent(currency) === 0) throw invalid(`currency must have minor units: ${currency} has none`, 'invalid_currency');
  return currency;
}

/**
 * A tier price as stored and shown: decimal text with exactly two decimals ('19.9' → '19.90',
 * '5' → '5.00', '007.5' → '7.50'). Refused: not a plain decimal (signs, exponents, thousands
 * separators, currency symbols), more than two decimals, zero, more than one order may carry in
 * the plan's currency (maxPriceText: 99999999.99 USD, 9999999.99 KWD).
 */
export function normalisePrice(price: string, currency: string = DEFAULT_CURRENCY): string {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) throw invalid(PRICE_MESSAGE, 'invalid_price');
  const whole = match[1].replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  if (/^0+$/.test(whole + cents)) throw invalid(PRICE_MESSAGE, 'invalid_price');
  const normalised = `${whole}.${cents}`;
  try {
    minorUnitsOf(normalised, currency);
  } catch (error) {
    if (!(error instanceof InvalidPriceError)) throw error;
    throw invalid(`price must be at most ${maxPriceText(currency)}`, 'invalid_price');
  }
  return normalised;
}

/** Tier features as the editor sends them (one per line): trimmed, blank ones dropped, order kept. */
export function cleanFeatures(features: readonly string[]): string[] {
  const cleaned = features.map((feature) => feature.trim()).filter((feature) => feature.length > 0);
  if (cleaned.length > PLAN_LIMITS.featuresMax) throw invalid(`features must hold at most ${PLAN_LIMITS.featuresMax} lines`);
  for (const feature of cleaned) {
    if (feature.length > PLAN_LIMITS.featureMax) throw invalid(`Each feature must be at most ${PLAN_LIMITS.featureMax} characters.`);
  }
  return cleaned;
}

export interface TierInput {
  /** An existing tier of the plan (update); absent for a new tier. */
  pricingId?: string;
  name: string;
  price: string;
  description?: string;
  features?: readonly string[];
  isPopular?: boolean;
}

export interface TierForm {
  pricingId?: string;
  name: string;
  price: string;
  description: string;
  features: string[];
  isPopular: boolean;
}

/** One checked tier of a plan in `currency`. isPopular is kept as sent (the spec does not say how many may be popular). */
export function tierFormOf(input: TierInput, currency: string = DEFAULT_CURRENCY): TierForm {
  const name = input.name.trim();
  if (!name) throw invalid('Every pricing tier needs a name.', 'tier_name_required');
  if (name.length > PLAN_LIMITS.tierNameMax) throw invalid(`A tier name must be at most ${PLAN_LIMITS.tierNameMax} characters.`);
  const description = (input.description ?? '').trim();
  if (description.length > PLAN_LIMITS.descriptionMax) {
    throw invalid(`A tier description must be at most ${PLAN_LIMITS.descriptionMax} characters.`);
  }
  return {
    ...(input.pricingId ? { pricingId: input.pricingId } : {}),
    name,
    price: normalisePrice(input.price, currency),
    description,
    features: cleanFeatures(input.features ?? []),
    isPopular: input.isPopular ?? false,
  };
}

function tiersOf(pricing: readonly TierInput[], currency: string): TierForm[] {
  if (pricing.length > PLAN_LIMITS.tiersMax) throw invalid(`pricing must hold at most ${PLAN_LIMITS.tiersMax} tiers`);
  const tiers = pricing.map((tier) => tierFormOf(tier, currency));
  const ids = tiers.flatMap((tier) => (tier.pricingId ? [tier.pricingId] : []));
  if (new Set(ids).size !== ids.length) throw invalid('A pricing tier is listed twice.', 'tier_repeated');
  return tiers;
}

function nameOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('name is required', 'name_required');
  if (trimmed.length > PLAN_LIMITS.nameMax) throw invalid(`name must be at most ${PLAN_LIMITS.nameMax} characters`);
  return trimmed;
}

function statusOf(status: string): PlanStatus {
  if (!(PLAN_STATUSES as readonly string[]).includes(status)) throw invalid('status must be Active, Inactive or Pending', 'invalid_status');
  return status as PlanStatus;
}

export interface NewPlanInput {
  name: string;
  platform?: string;
  status: string;
  currency?: string;
  pricing: readonly TierInput[];
}

export interface NewPlanForm {
  name: string;
  platform: string;
  slug: string;
  status: PlanStatus;
  currency: string;
  tiers: TierForm[];
}

/** A new plan: its platform defaults to its name, its slug is the platform's; at least one tier. */
export function newPlanOf(input: NewPlanInput): NewPlanForm {
  const name = nameOf(input.name);
  const platform = (input.platform ?? '').trim() || name;
  if (platform.length > PLAN_LIMITS.platformMax) throw invalid(`platform must be at most ${PLAN_LIMITS.platformMax} characters`);
  const slug = planSlugOf(platform);
  if (!slug) throw invalid('platform must contain a letter or a digit', 'invalid_platform');
  const currency = planCurrencyOf(input.currency);
  const tiers = tiersOf(input.pricing, currency).map(({ pricingId: _ignored, ...tier }) => tier);
  if (tiers.length === 0) throw invalid('At least one pricing tier is required.', 'tier_required');
  return { name, platform, slug, status: statusOf(input.status), currency, tiers };
}

export interface PlanChangesInput {
  name: string;
  status: string;
  pricing: readonly TierInput[];
}

export interface PlanChanges {
  name: string;
  status: PlanStatus;
  /** Tiers with a pricingId are updated, tiers without one are created; tiers not listed are kept. */
  tiers: TierForm[];
}

/**
 * The changes to a saved plan in `currency` (the plan's own: it is set when the plan is made). A plan
 * saved before currencies were checked, in one the gateway does not take, is refused here too: it
 * could never be sold, and staff remove it (POST /plan/delete) rather than keep editing it.
 */
export function planChangesOf(input: PlanChangesInput, currency: string = DEFAULT_CURRENCY): PlanChanges {
  const checked = planCurrencyOf(currency);
  return { name: nameOf(input.name), status: statusOf(input.status), tiers: tiersOf(input.pricing, checked) };
}
