import type { RefundRow } from '@growth/kit';
import { Fragment, useId, type ReactNode } from 'react';
import { moneyText } from '../fulfilment/fulfilmentTypes';
import { formatDate } from '../ui';
import { SandboxBadge } from '../ui/SandboxBadge';
import { reasonText, rowStateText } from './refundTypes';
import { FieldRows, type FieldRow } from '../lists/FieldRows';
import listStyles from '../lists/Lists.module.css';
import table from '../lists/Table.module.css';
import styles from './Refunds.module.css';

const TONE: Record<string, string | undefined> = {
  pending: styles.pending,
  processed: styles.done,
  failed: styles.failed,
  open: styles.request,
  declined: styles.quiet,
};

/** '7.85 USD'; '—' for a request that names no amount (approving it starts with everything left). */
function amountOf(row: RefundRow): string {
  return row.amount === null || row.amount === undefined || row.amount === '' ? '—' : moneyText(row.amount, row.currency);
}

/**
 * Ids and addresses with a line-break chance at their natural joints (after 'order_' or 'rfnd_',
 * before the '@'), so a narrow column wraps them there rather than letter by letter.
 */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=_)|(?=@)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** '24 Nov 2026' and, under it, '10:27 pm'. */
function DateCell({ value }: { value: string | null }) {
  const date = formatDate(value);
  const full = formatDate(value, { withTime: true });
  const time = full.startsWith(`${date}, `) ? full.slice(date.length + 2) : '';
  return (
    <>
      <span className={styles.nowrap}>{date}</span>
      {time && <span className={`${styles.sub} ${styles.nowrap}`}>{time}</span>}
    </>
  );
}

/** The state in words, when a refund was processed, why it failed, or staff's answer to a declined request. */
function StateCell({ row }: { row: RefundRow }) {
  const state = String(row.state ?? '');
  const failure = state === 'failed' ? row.failure?.trim() : '';
  const message = state === 'declined' ? row.message?.trim() : '';
  return (
    <>
      <span className={`${styles.state} ${TONE[state] ?? styles.quiet}`}>{rowStateText(state)}</span>
      {state === 'processed' && row.settledAt && <span className={styles.sub}>on {formatDate(row.settledAt)}</span>}
      {failure && <span className={`${styles.why} ${styles.whyFailed}`}>{failure}</span>}
      {message && <span className={`${styles.why} ${styles.whyNote}`}>Message: {message}</span>}
    </>
  );
}

/** The reason in staff's words, then its note: staff's words, the customer's, or what fell short. */
function ReasonCell({ row }: { row: RefundRow }) {
  const note = row.note?.trim();
  return (
    <>
      {reasonText(row.reason)}
      {note && <span className={`${styles.why} ${styles.whyNote}`}>“{note}”</span>}
    </>
  );
}

function CustomerCell({ row }: { row: RefundRow }) {
  const name = row.customer?.name?.trim();
  const email = row.customer?.email?.trim();
  return (
    <>
      {name || (email ? <Breakable text={email} /> : '—')}
      {name && email && (
        <span className={styles.sub}>
          <Breakable text={email} />
        </span>
      )}
    </>
  );
}

const planOf = (row: RefundRow) => [row.planName, row.tierName].filter((part) => typeof part === 'string' && part.trim()).join(' · ') || '—';

interface ListProps {
  rows: RefundRow[];
  /** Approve / Decline or Refund again of a row; null when it has none. */
  actionsOf(row: RefundRow): ReactNode;
}

/**
 * The Refunds list at desktop width: date, customer (name and e-mail), order (id, plan and tier),
 * amount, reason (with its note), state (with the failure, or staff's message on a declined
 * request), the gateway's refund id, and the row's buttons when any row has some.
 */
export function RefundTable({ rows, actionsOf }: ListProps) {
  return (
    <div className={table.wrap}>
      <table className={styles.table}>
        <caption className="kit-visually-hidden">Refunds and refund requests, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Order</th>
            <th scope="col">Amount</th>
            <th scope="col">Reason</th>
            <th scope="col">State</th>
            <th scope="col">Gateway refund ID</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.kind}-${row.id || index}`}>
              <td>
                <DateCell value={row.createdAt} />
              </td>
              <td>
                <CustomerCell row={row} />
              </td>
              <td>
                <span className={styles.mono}>{row.orderId ? <Breakable text={row.orderId} /> : '—'}</span>
                <span className={styles.sub}>{planOf(row)}</span>
                <SandboxBadge sandbox={row.sandbox} />
              </td>
              <td className={styles.amount}>{amountOf(row)}</td>
              <td className={styles.reason}>
                <ReasonCell row={row} />
              </td>
              <td>
                <StateCell row={row} />
                {actionsOf(row)}
              </td>
              <td className={styles.mono}>{row.gatewayRefundId ? <Breakable text={row.gatewayRefundId} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row as a card, for a phone. */
function RefundCard({ row, actions }: { row: RefundRow; actions: ReactNode }) {
  const titleId = useId();
  const fields: FieldRow[] = [
    { label: 'Date', value: <DateCell value={row.createdAt} /> },
    { label: 'Customer', value: <CustomerCell row={row} /> },
    { label: 'Order', value: row.orderId || '—', mono: true },
    { label: 'Plan', value: planOf(row) },
    { label: 'Reason', value: <ReasonCell row={row} /> },
    { label: 'State', value: <StateCell row={row} /> },
    { label: 'Refund ID', value: row.gatewayRefundId || '—', mono: true },
  ];
  return (
    <article className={listStyles.card} aria-labelledby={titleId}>
      <header className={listStyles.cardHead}>
        <h2 id={titleId} className={styles.cardAmount}>
          {row.kind === 'request' && amountOf(row) === '—' ? 'Refund request' : amountOf(row)}
        </h2>
        <SandboxBadge sandbox={row.sandbox} />
      </header>
      <FieldRows rows={fields} spokenColon />
      {actions && <div className={listStyles.cardActions}>{actions}</div>}
    </article>
  );
}

/** The Refunds list under 1100 px: one card a row. */
export function RefundCards({ rows, actionsOf }: ListProps) {
  return (
    <ul className={listStyles.grid}>
      {rows.map((row, index) => (
        <li key={`${row.kind}-${row.id || index}`}>
          <RefundCard row={row} actions={actionsOf(row)} />
        </li>
      ))}
    </ul>
  );
}
