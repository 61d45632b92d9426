import type { CustomerExportFilter, OrderExportFilter } from '../domain/export-filter';

/** Where the next batch starts: after this row of the keyset (time as exact text, then id). */
export interface ExportCursor {
  at: string;
  id: string;
}

/** Times are epoch milliseconds (the driver hands numbers faster than dates). */
export interface OrderExportRow {
  cursor: ExportCursor;
  orderId: string;
  createdAt: number;
  paidAt: number | null;
  status: string;
  voidReason: string | null;
  failureReason: string | null;
  customerName: string;
  email: string;
  userId: string;
  platform: string;
  planName: string;
  tierName: string | null;
  currency: string;
  amount: bigint;
  refunded: bigint;
  refundPending: bigint;
  refundFailed: bigint;
  refundCount: number;
  lastRefundAt: number | null;
  refundRequest: string | null;
  paymentId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: number | null;
  fulfilmentState: string | null;
  upstreamOrderId: string | null;
  upstreamStatus: string | null;
  upstreamCharge: string | null;
  upstreamCurrency: string | null;
}

export interface CustomerExportRow {
  cursor: ExportCursor;
  userId: string;
  name: string;
  email: string;
  phone: string;
  country: string | null;
  createdAt: number;
  emailVerifiedAt: number | null;
  orders: number;
  paidOrders: number;
  firstPaidAt: number | null;
  lastPaidAt: number | null;
  /** Paid and refunded (sent back or on its way) per currency, minor units. */
  money: Array<{ currency: string; paid: bigint; refunded: bigint }>;
}

/**
 * The exports' read-only view of the source tables (docs/reports.md: the one place reports reads
 * across modules). Keyset batches in (time, id) order, so a million rows never sit in memory and no
 * transaction is held between batches.
 */
export abstract class ExportSource {
  abstract orders(filter: OrderExportFilter, after: ExportCursor | null, limit: number): Promise<OrderExportRow[]>;

  abstract customers(filter: CustomerExportFilter, after: ExportCursor | null, limit: number): Promise<CustomerExportRow[]>;
}
