import type { ServiceListing } from '@growth/kit';

/** The plan-create screen. */
export const CREATE_PLAN_HREF = '/admin/edit-plan/new';

/** The query parameter that starts a new plan with a service's platform (and name). */
export const PLATFORM_PARAM = 'platform';

/**
 * The plan-create screen started for one service: the plan's platform (and name) is the service's
 * heading, so its slug is the service's and the plan answers at the service's address
 * (docs/catalogue.md, "Listing rule").
 */
export function createPlanHref(platform: string): string {
  const name = platform.trim();
  return name ? `${CREATE_PLAN_HREF}?${PLATFORM_PARAM}=${encodeURIComponent(name)}` : CREATE_PLAN_HREF;
}

export function editPlanHref(planId: string): string {
  return `/admin/edit-plan/${encodeURIComponent(planId)}`;
}

/**
 * Where staff fix a service's listing: its plan's edit page when a plan sells it, else the
 * plan-create screen started with the service's platform.
 */
export function planFixOf(listing: Pick<ServiceListing, 'planId'>, platform: string): { href: string; label: 'Edit its plan' | 'Create its plan' } {
  return listing.planId ? { href: editPlanHref(listing.planId), label: 'Edit its plan' } : { href: createPlanHref(platform), label: 'Create its plan' };
}
