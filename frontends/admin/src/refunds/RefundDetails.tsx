import type { AdminRefund } from '@growth/kit';
import type { ReactNode } from 'react';
import { moneyText } from '../fulfilment/fulfilmentTypes';
import { formatDate } from '../ui';
import { difference, isPositiveAmount } from './refundMoney';
import styles from './Refunds.module.css';

interface Props {
  refund: AdminRefund;
  /** The order's currency, when the summary does not name it. */
  paidCurrency?: string | null;
  /** Approve and Decline, beside an open request. */
  requestActions?: ReactNode;
}

type Tone = 'pending' | 'done' | 'failed' | 'request' | 'quiet';

/**
 * A task card's refund block, in staff's words (docs/refunds.md "What the APIs say"): what is on its
 * way ('Refund pending: 7.85 USD'), what went back ('Refunded 7.85 USD on 3 Sept 2025'), why the last
 * one failed, an open request with Approve / Decline, a declined one with staff's message, and what
 * is left to refund.
 */
export function RefundDetails({ refund, paidCurrency, requestActions }: Props) {
  const currency = (refund.currency || paidCurrency || '').toUpperCase();
  const lines: { key: string; tone: Tone; text: ReactNode; actions?: ReactNode }[] = [];

  if (refund.state === 'pending') {
    // `requested` counts the processed ones too: what is on its way is the rest.
    const onItsWay = difference(refund.requested, refund.refunded, currency) ?? refund.requested;
    lines.push({ key: 'pending', tone: 'pending', text: isPositiveAmount(onItsWay, currency) ? `Refund pending: ${moneyText(onItsWay, currency)}` : 'Refund pending' });
  }
  if (isPositiveAmount(refund.refunded, currency)) {
    const on = refund.refundedAt ? ` on ${formatDate(refund.refundedAt)}` : '';
    lines.push({ key: 'refunded', tone: 'done', text: `Refunded ${moneyText(refund.refunded, currency)}${on}` });
  }
  if (refund.state === 'failed') {
    lines.push({ key: 'failed', tone: 'failed', text: `Refund failed: ${refund.failure?.trim() || 'the payment gateway gave no reason'}` });
  }
  if (refund.requestState === 'open') {
    lines.push({ key: 'request', tone: 'request', text: 'Refund requested', actions: refund.requestId ? requestActions : undefined });
  } else if (refund.requestState === 'declined') {
    lines.push({ key: 'declined', tone: 'quiet', text: `Request declined: ${refund.message?.trim() || '—'}` });
  }

  const refundable = typeof refund.refundable === 'string' && refund.refundable.trim() !== '' ? refund.refundable : null;
  return (
    <div className={styles.block}>
      <h3 className={styles.blockTitle}>Refund</h3>
      {lines.map((line) => (
        <div key={line.key} className={`${styles.line} ${styles[line.tone]}`}>
          <p className={styles.lineText}>{line.text}</p>
          {line.actions && <div className={styles.lineActions}>{line.actions}</div>}
        </div>
      ))}
      {refundable !== null && (
        <p className={styles.left}>
          Left to refund: <strong>{moneyText(refundable, currency)}</strong>
        </p>
      )}
    </div>
  );
}
