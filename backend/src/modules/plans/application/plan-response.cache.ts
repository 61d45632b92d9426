import { ResponseCache } from '../../../platform/cache/response-cache';

/**
 * The serialised answers of the pricing pages' plan lookup, keyed by the normalised name (trimmed,
 * lower case: 'YouTube' and ' youtube ' share one entry). Unknown names are not cached (the load
 * throws). It follows the 'plans' change event (see PlansModule), which every use case that writes
 * plans or tiers publishes.
 */
export class PlanResponseCache extends ResponseCache {
  keyOf(name: string): string {
    return name.trim().toLowerCase();
  }
}
