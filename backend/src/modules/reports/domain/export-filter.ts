/**
 * What an export asks for (docs/reports.md, "Exports"): a period (instants, from the local dates in
 * the asked zone) and optional filters. Text filters are matched as plain substrings.
 */
export const EXPORT_ORDER_STATUSES = ['created', 'paid', 'failed'] as const;
export type ExportOrderStatus = (typeof EXPORT_ORDER_STATUSES)[number];

export interface CustomerExportFilter {
  /** Registered at or after `start`, before `end`. */
  start: Date;
  end: Date;
  /** With a paid order of this platform (plan slug). */
  platform?: string;
  /** Part of the name, e-mail or phone, any letter case. */
  q?: string;
}

export interface OrderExportFilter {
  /** Ordered (created) at or after `start`, before `end`. */
  start: Date;
  end: Date;
  status?: ExportOrderStatus;
  platform?: string;
  /** Part of the order id, payment id, e-mail or customer name, any letter case. */
  q?: string;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern; the text wrapped as "contains". */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
