/** Shared by the refund specs (Tasks, Refunds): a subscription's refund block as the admin lists answer it. */

/** Nothing requested or refunded yet, in USD; `extra` on top. */
export function refundBlock(extra: Record<string, unknown> = {}) {
  return {
    state: null,
    requested: '0.00',
    refunded: '0.00',
    currency: 'USD',
    refundedAt: null,
    requestState: null,
    message: null,
    requestId: null,
    failure: null,
    ...extra,
  };
}
