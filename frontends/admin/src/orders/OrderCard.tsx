import type { AttentionOrder } from '@growth/kit';
import { useId } from 'react';
import { formatPrice } from '@growth/kit/format';
import { formatDate } from '../ui';
import { SandboxBadge } from '../ui/SandboxBadge';
import { FieldRows } from '../lists/FieldRows';
import styles from '../lists/Lists.module.css';

/** One order needing attention: order id (and "Sandbox" when paid with no real money), customer, plan and tier, price, status, payment id, dates. */
export function OrderCard({ order }: { order: AttentionOrder }) {
  const titleId = useId();
  const orderId = order.orderId || order.id || '—';
  const rows: { label: string; value: string; mono?: boolean }[] = [
    { label: 'Customer', value: [order.customerName, order.email || order.customer?.email].filter(Boolean).join(' · ') || '—' },
    { label: 'Plan', value: [order.planName, order.tier?.name].filter(Boolean).join(' · ') || '—' },
    { label: 'Price', value: order.tier?.price ? formatPrice(order.tier.price, order.currency || 'USD') : '—' },
    { label: 'Status', value: order.status || '—' },
    { label: 'Payment ID', value: order.paymentId || '—', mono: true },
    { label: 'Created', value: formatDate(order.createdAt, { withTime: true }) },
    { label: 'Paid', value: formatDate(order.paidAt, { withTime: true }) },
  ];
  if (order.failureReason) rows.push({ label: 'Problem', value: order.failureReason });
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <h3 id={titleId} className={`${styles.name} ${styles.code}`}>
          {orderId}
        </h3>
        <SandboxBadge sandbox={order.sandbox} />
      </header>
      <FieldRows rows={rows} />
    </article>
  );
}
