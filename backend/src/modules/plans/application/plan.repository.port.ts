import type { Plan } from '../domain/plan';

/** Where plans and their pricing tiers are kept. */
export abstract class PlanRepository {
  /**
   * The plan whose name or slug equals `nameOrSlug`, ignoring case and surrounding blanks, with
   * its tiers in position order. A slug match wins over a name match.
   */
  abstract findByNameOrSlug(nameOrSlug: string): Promise<Plan | null>;

  /** The plan with this id (a UUID) and its tiers in position order, or null. */
  abstract findById(planId: string): Promise<Plan | null>;
}
