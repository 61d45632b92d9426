import type { ServiceListing } from '@growth/kit';

/**
 * The plan-create screen. It starts from an empty plan (it reads nothing from its address), so the
 * links say which platform to give the plan: its slug is the platform's, and the plan answers at
 * the service's address when they match (docs/catalogue.md, "Listing rule").
 */
export const CREATE_PLAN_HREF = '/admin/edit-plan/new';

export function editPlanHref(planId: string): string {
  return `/admin/edit-plan/${encodeURIComponent(planId)}`;
}

/** Where staff fix a service's listing: its plan's edit page when a plan sells it, else the plan-create screen. */
export function planFixOf(listing: Pick<ServiceListing, 'planId'>): { href: string; label: 'Edit its plan' | 'Create its plan' } {
  return listing.planId ? { href: editPlanHref(listing.planId), label: 'Edit its plan' } : { href: CREATE_PLAN_HREF, label: 'Create its plan' };
}
