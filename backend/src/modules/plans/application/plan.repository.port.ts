import type { Plan } from '../domain/plan';
import type { NewPlanForm, PlanChanges } from '../domain/plan-form';

/** A plan as the admin's plan list shows it: without its tiers, with their number. */
/** A plan without its tiers: how many it has, and the lowest tier price (decimal text in its currency; null without tiers). */
export type PlanSummary = Omit<Plan, 'tiers'> & { tierCount: number; lowestPrice: string | null };

export interface AdminPlanQuery {
  page: number;
  perPage: number;
  /** Trimmed text to find in the name, slug or platform (case-insensitive); '' for all. */
  search: string;
}

/** Where plans and their pricing tiers are kept. Writes join the caller's UnitOfWork transaction. */
export abstract class PlanRepository {
  /**
   * The plan whose name or slug equals `nameOrSlug`, ignoring case and surrounding blanks, with
   * its tiers in position order. A slug match wins over a name match.
   */
  abstract findByNameOrSlug(nameOrSlug: string): Promise<Plan | null>;

  /** The plan with this id (a UUID) and its tiers in position order, or null. */
  abstract findById(planId: string): Promise<Plan | null>;

  /** One page of the admin's plan list, by name (ignoring case); `total` counts every match. */
  abstract pageForAdmin(query: AdminPlanQuery): Promise<{ items: PlanSummary[]; total: number }>;

  /** Like findById, and locks the plan's row until the transaction ends. Call inside UnitOfWork.run. */
  abstract findForChange(planId: string): Promise<Plan | null>;

  /** The id of the plan a tier belongs to, or null. */
  abstract findPlanIdOfTier(pricingId: string): Promise<string | null>;

  /** Stores a new plan with its tiers in order. A plan with the same slug is a conflict. */
  abstract create(plan: NewPlanForm): Promise<Plan>;

  /**
   * Renames the plan, sets its status and saves the tiers sent: those with a pricingId are updated
   * (a pricingId of another plan is not_found), those without are created; tiers not sent are kept.
   * The order becomes the tiers sent, then the others in their order. Null when there is no plan.
   */
  abstract saveChanges(planId: string, changes: PlanChanges): Promise<Plan | null>;

  /** Deletes one tier; false when there was none. */
  abstract deleteTier(pricingId: string): Promise<boolean>;

  /** Deletes the plan and its tiers; false when there was none. */
  abstract delete(planId: string): Promise<boolean>;
}
