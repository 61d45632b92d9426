import { Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { SUBSCRIPTION_STATUS_TEXT } from '../../subscriptions/domain/subscription';
import { CSV_BOM, csvRecord } from '../domain/csv';
import { Decimal } from '../../../kernel/decimal';
import { type ExportOrderStatus, containsPattern } from '../domain/export-filter';
import { OffsetCache, formatLocalDate } from '../domain/time-zone';
import { reportPeriod } from '../domain/period';
import { type ExportCursor, ExportSource } from './export-source.port';
import { exponentOf } from './currency-exponent';
import { isOrderStatus } from '../../../kernel/order-status';
import { withoutBidiControls } from '../../../kernel/bidi-controls';

/** Rows per database round trip: one batch is all the export ever holds. */
export const EXPORT_BATCH = 1000;

export const ORDER_COLUMNS = [
  'order_id',
  'created_at',
  'paid_at',
  'payment_status',
  'void_reason',
  'failure_reason',
  'customer_name',
  'customer_email',
  'user_id',
  'platform',
  'plan',
  'tier',
  'currency',
  'amount',
  'refunded',
  'refund_pending',
  'refund_failed',
  'refunds',
  'last_refund_at',
  'refund_request',
  'payment_id',
  'subscription_id',
  'order_status',
  'fulfilment_state',
  'upstream_order_id',
  'upstream_status',
  'upstream_charge',
  'upstream_currency',
] as const;

export const CUSTOMER_COLUMNS = [
  'user_id',
  'name',
  'email',
  'phone',
  'country',
  'registered_at',
  'email_verified_at',
  'orders',
  'paid_orders',
  'first_paid_at',
  'last_paid_at',
  'paid',
  'refunded',
] as const;

/**
 * How an export ended, as its audit entry says (docs/reports.md, "Who exported what"): `complete`
 * (every row of the period and filters was written), `stopped` (the client went away or the
 * connection failed first) or `failed` (a read failed; the response was cut).
 */
export type ExportOutcome = 'complete' | 'stopped' | 'failed';

/** A prepared export: its file name, and its CSV text batch by batch until done or `signal` aborts. */
export interface CsvExport {
  filename: string;
  chunks(signal: AbortSignal): AsyncGenerator<string>;
}

interface Query {
  from?: string;
  to?: string;
  tz: string;
  platform?: string;
  q?: string;
}

/** Minor units as decimal text in their currency (minor units as they are for a code the gateway does not take). */
function amounts(): (units: bigint, currency: string) => string {
  const exponents = new Map<string, number>();
  return (units, currency) => {
    let exponent = exponents.get(currency);
    if (exponent === undefined) {
      exponent = exponentOf(currency) ?? 0;
      exponents.set(currency, exponent);
    }
    return Decimal.minor(units, exponent).toString();
  };
}

/**
 * GET /admin/export/orders.csv and /customers.csv (docs/reports.md, "Exports"): checks the period
 * and filters at once (a 400 before any byte is sent), then streams the rows in keyset batches,
 * times written in the asked zone.
 */
@Injectable()
export class ExportCsvUseCase {
  private readonly logger = new Logger('Reports');

  constructor(
    private readonly source: ExportSource,
    private readonly audit: AuditLog,
  ) {}

  orders(actor: Principal, query: Query & { status?: ExportOrderStatus }): CsvExport {
    const period = reportPeriod(query);
    const filter = {
      start: new Date(period.start),
      end: new Date(period.end),
      ...(query.status ? { status: query.status } : {}),
      ...(query.platform ? { platform: query.platform } : {}),
      ...(query.q ? { q: containsPattern(query.q) } : {}),
    };
    const offsets = new OffsetCache(period.tz);
    const time = (t: number | null) => (t === null ? null : offsets.text(t));
    const amount = amounts();
    const filename = `orders_${formatLocalDate(period.from)}_${formatLocalDate(period.to)}.csv`;
    const trail = this.trail(actor, 'export.orders', filename, { ...asked(query, period.tz), ...(query.status ? { status: query.status } : {}) });
    return {
      filename,
      chunks: (signal) =>
        this.stream(
          ORDER_COLUMNS,
          signal,
          trail,
          (after) => this.source.orders(filter, after, EXPORT_BATCH),
          (o) => [
            o.orderId,
            time(o.createdAt),
            time(o.paidAt),
            o.status,
            o.voidReason,
            o.failureReason,
            // Names stored before they were kept without bidi controls (docs/security.md#text-entered-by-customers).
            withoutBidiControls(o.customerName),
            o.email,
            o.userId,
            o.platform,
            o.planName,
            o.tierName,
            o.currency,
            amount(o.amount, o.currency),
            amount(o.refunded, o.currency),
            amount(o.refundPending, o.currency),
            amount(o.refundFailed, o.currency),
            o.refundCount,
            time(o.lastRefundAt),
            o.refundRequest,
            o.paymentId,
            o.subscriptionId,
            o.subscriptionStatus === null ? null : isOrderStatus(o.subscriptionStatus) ? SUBSCRIPTION_STATUS_TEXT[o.subscriptionStatus] : String(o.subscriptionStatus),
            o.fulfilmentState,
            o.upstreamOrderId,
            o.upstreamStatus,
            o.upstreamCharge,
            o.upstreamCurrency,
          ],
        ),
    };
  }

  customers(actor: Principal, query: Query): CsvExport {
    const period = reportPeriod(query);
    const filter = {
      start: new Date(period.start),
      end: new Date(period.end),
      ...(query.platform ? { platform: query.platform } : {}),
      ...(query.q ? { q: containsPattern(query.q) } : {}),
    };
    const offsets = new OffsetCache(period.tz);
    const time = (t: number | null) => (t === null ? null : offsets.text(t));
    const amount = amounts();
    const perCurrency = (money: Array<{ currency: string; value: bigint }>) =>
      money
        .filter((m) => m.value !== 0n)
        .map((m) => `${m.currency} ${amount(m.value, m.currency)}`)
        .join('; ');
    const filename = `customers_${formatLocalDate(period.from)}_${formatLocalDate(period.to)}.csv`;
    const trail = this.trail(actor, 'export.customers', filename, asked(query, period.tz));
    return {
      filename,
      chunks: (signal) =>
        this.stream(
          CUSTOMER_COLUMNS,
          signal,
          trail,
          (after) => this.source.customers(filter, after, EXPORT_BATCH),
          (c) => [
            c.userId,
            withoutBidiControls(c.name),
            c.email,
            c.phone,
            c.country,
            time(c.createdAt),
            time(c.emailVerifiedAt),
            c.orders,
            c.paidOrders,
            time(c.firstPaidAt),
            time(c.lastPaidAt),
            perCurrency(c.money.map((m) => ({ currency: m.currency, value: m.paid }))),
            perCurrency(c.money.map((m) => ({ currency: m.currency, value: m.refunded }))),
          ],
        ),
    };
  }

  /**
   * The export's audit entry, written once it has ended (docs/reports.md, "Who exported what"): who,
   * which file, the period and filters as asked, how it ended and, only when complete, its rows.
   */
  private trail(actor: Principal, action: 'export.orders' | 'export.customers', filename: string, asked: Record<string, string>) {
    return (outcome: ExportOutcome, rows: number) =>
      this.audit.record(actor, { action, entity: 'export', entityId: filename, after: { ...asked, outcome, rows: outcome === 'complete' ? rows : null } });
  }

  /**
   * The header, then one chunk of CSV per batch. The next batch is asked for as soon as the current
   * one is in (its last row is the cursor), so the database works while this batch is formatted and
   * written: at most two batches are held. When it ends, `ended` records how: a complete export
   * after its last chunk was written and before the response ends (so a client that has the whole
   * file has its entry too, and an entry that cannot be written cuts the file), a stopped or failed
   * one once nothing is read any more.
   */
  private async *stream<R extends { cursor: ExportCursor }>(
    columns: readonly string[],
    signal: AbortSignal,
    ended: (outcome: ExportOutcome, rows: number) => Promise<void>,
    batch: (after: ExportCursor | null) => Promise<R[]>,
    cells: (row: R) => Array<string | number | null>,
  ): AsyncGenerator<string> {
    let pending: Promise<R[]> | null = null;
    let written = 0;
    let outcome: ExportOutcome = 'stopped';
    try {
      yield CSV_BOM + csvRecord(columns);
      pending = batch(null);
      while (pending && !signal.aborted) {
        const rows: R[] = await pending;
        pending = rows.length === EXPORT_BATCH && !signal.aborted ? batch(rows[rows.length - 1].cursor) : null;
        if (rows.length === 0) break;
        let text = '';
        for (const row of rows) text += csvRecord(cells(row));
        yield text;
        written += rows.length;
      }
      if (!signal.aborted) {
        outcome = 'complete';
        await ended(outcome, written);
      }
    } catch (error) {
      if (outcome !== 'complete') outcome = 'failed';
      throw error;
    } finally {
      // Stopped early (the client left, or writing failed): the batch asked for ahead is not needed,
      // but it is awaited, so no query outlives the export unseen.
      if (pending) {
        await pending.catch((error: Error) => this.logger.warn(`A batch read ahead for an export that stopped failed: ${error.message}`));
      }
      if (outcome !== 'complete') {
        await ended(outcome, written).catch((error: Error) => this.logger.error(`The audit entry of an export that ${outcome} could not be written: ${error.message}`));
      }
    }
  }
}

/** The period and filters as the admin asked for them (trimmed by the request's checks), for the audit entry. */
function asked(query: Query, tz: string): Record<string, string> {
  return {
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    tz,
    ...(query.platform ? { platform: query.platform } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}
