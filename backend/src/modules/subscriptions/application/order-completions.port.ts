/** A Completed order whose "order completed" mail was just claimed. */
export interface CompletedOrder {
  subscriptionId: string;
  orderId: string;
  customerEmail: string;
  customerName: string;
  planName: string;
  tierName: string;
  profileLink: string;
  refillDays: number;
  completedAt: Date | null;
}

/**
 * The "order completed" mail's claim on subscriptions (completion_mailed_at, migration
 * 1764900000000-refills): one conditional UPDATE per claim, so an order is claimed once, whoever
 * asks and however often. Joins the caller's UnitOfWork.
 */
export abstract class OrderCompletions {
  /** Claims the mail of those of `subscriptionIds` that are Completed and not mailed yet. */
  abstract claim(subscriptionIds: string[], now: Date): Promise<CompletedOrder[]>;

  /** Claims up to `limit` Completed orders not mailed yet (any the direct path missed). */
  abstract claimDue(limit: number, now: Date): Promise<CompletedOrder[]>;
}
