/**
 * An order's Status (a subscription's `status` column, the spec's 0 to 4), in one vocabulary for
 * every module: the TypeScript names these constants, and the SQL that writes or filters a status
 * is written from them (`${ORDER_STATUS.Completed}`, orderStatusList); a spec
 * (order-status.spec.ts) holds the source and the table's CHECK to this table.
 */
export const ORDER_STATUS = { InProcess: 0, Completed: 1, Partial: 2, Canceled: 3, Refunded: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);

/** The text the API sends beside each Status (`statusText`). */
export const ORDER_STATUS_TEXT: Readonly<Record<OrderStatus, string>> = {
  0: 'In Process',
  1: 'Completed',
  2: 'Partial',
  3: 'Canceled',
  4: 'Refunded',
};

/** The Statuses a provider's final word can give (every one but In Process). */
export type FinalOrderStatus = Exclude<OrderStatus, typeof ORDER_STATUS.InProcess>;

/** The final Statuses that deliver less than was bought: Partial, Canceled, Refunded (docs/refunds.md). */
export const SHORT_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.Partial, ORDER_STATUS.Canceled, ORDER_STATUS.Refunded];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

/**
 * A Status as stored (a smallint the table's CHECK holds to these), read into the union. A value
 * outside it would be a bug elsewhere, and fails loudly here rather than be shown as something else.
 */
export function orderStatusOf(stored: number): OrderStatus {
  if (!isOrderStatus(stored)) throw new Error(`Not an order Status: ${stored}`);
  return stored;
}

/** `(2, 3, 4)`: a list of Statuses for an SQL `IN`, written from the constants. */
export function orderStatusList(statuses: readonly OrderStatus[]): string {
  if (statuses.length === 0 || !statuses.every(isOrderStatus)) throw new Error(`orderStatusList: not a list of Statuses: ${JSON.stringify(statuses)}`);
  return `(${statuses.join(', ')})`;
}
