import type { AdminFulfilment } from '@growth/kit';
import { formatDate } from '../ui';
import { FieldRows, type FieldRow } from '../lists/FieldRows';
import { FULFILMENT_STATE_TEXT, decimalText, moneyText } from './fulfilmentTypes';
import styles from './Fulfilment.module.css';

interface Props {
  fulfilment: AdminFulfilment;
  /** The currency the customer paid in (the tier's), to explain a missing margin. */
  paidCurrency?: string | null;
}

const upper = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : null);

/** '1,000'; the text as sent when it is not a number; '—' when unknown. */
function countText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-US') : String(value);
}

/**
 * 'Margin: 12.34 USD' (price paid minus what was refunded or is on its way back minus the upstream
 * charge: the server's, never worked out here; docs/refunds.md "What the APIs say"); when it is null
 * because the customer paid in another currency than the provider charged: '— (paid in INR,
 * charged in USD)'.
 */
export function marginText(fulfilment: AdminFulfilment, paidCurrency: unknown): string {
  const margin = fulfilment.margin;
  if (margin && typeof margin === 'object')
    return `${moneyText(margin.amount, margin.currency)}${margin.estimated ? ' (estimate: the charge for what was delivered)' : ''}`;
  const paid = upper(paidCurrency);
  const charged = upper(fulfilment.currency);
  if (paid && charged && paid !== charged) return `— (paid in ${paid}, charged in ${charged})`;
  return '—';
}

/**
 * The upstream part of an admin subscription card: state in staff's words, the service and
 * quantity, then — once the provider knows the order — its id on the panel, raw status, charge,
 * start count and remains, the margin and when it was last checked; the note of an order that
 * needs review. The labels are short enough to share the card's label column (6.5rem), so every
 * value of the card starts on one line, on a phone too.
 */
export function FulfilmentDetails({ fulfilment, paidCurrency }: Props) {
  const state = String(fulfilment.state ?? '');
  const stateText = FULFILMENT_STATE_TEXT[state as keyof typeof FULFILMENT_STATE_TEXT] ?? (state || '—');
  const placed = Boolean(fulfilment.upstreamOrderId) || Boolean(fulfilment.upstreamStatus) || Boolean(fulfilment.charge);
  const serviceName = fulfilment.serviceName?.trim();
  const service = fulfilment.serviceId
    ? `${serviceName ? `${serviceName} (#${fulfilment.serviceId})` : `#${fulfilment.serviceId}`}${fulfilment.quantity ? ` × ${countText(fulfilment.quantity)}` : ''}`
    : '—';

  const rows: FieldRow[] = [
    { label: 'Fulfilment', value: stateText },
    { label: 'Service', value: service },
  ];
  if (placed) {
    rows.push(
      { label: 'Panel order', value: fulfilment.upstreamOrderId || '—', mono: true },
      { label: 'Panel status', value: fulfilment.upstreamStatus?.trim() || '—' },
      { label: 'Charge', value: fulfilment.charge ? `${decimalText(fulfilment.charge)}${upper(fulfilment.currency) ? ` ${upper(fulfilment.currency)}` : ''}` : '—' },
      { label: 'Start count', value: countText(fulfilment.startCount) },
      { label: 'Remains', value: countText(fulfilment.remains) },
      { label: 'Margin', value: marginText(fulfilment, paidCurrency) },
    );
  }
  if (fulfilment.checkedAt) rows.push({ label: 'Last checked', value: formatDate(fulfilment.checkedAt, { withTime: true }) });

  const note = fulfilment.note?.trim();
  return (
    <div className={styles.upstream}>
      <h3 className={styles.upstreamTitle}>Provider</h3>
      <FieldRows rows={rows} spokenColon />
      {note && (
        <p className={state === 'needs_review' ? styles.note : `${styles.note} ${styles.noteQuiet}`}>
          {state === 'needs_review' ? 'Reason: ' : 'Last problem: '}
          {note}
        </p>
      )}
    </div>
  );
}
