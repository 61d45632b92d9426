/** The two kinds of orders that need an admin's eye (billing). */
export const ORDER_KINDS = [
  { kind: 'paid-without-subscription', label: 'Paid, no subscription', empty: 'No paid order is waiting for its subscription.' },
  { kind: 'unpaid-stale', label: 'Unpaid for over an hour', empty: 'No unpaid order is older than an hour.' },
] as const;

export type OrderKind = (typeof ORDER_KINDS)[number]['kind'];

export const ORDERS_PAGE_SIZE = 10;
