import { useId, useState } from 'react';
import { Link } from 'wouter';
import { formatPrice } from '@growth/kit/format';
import { StatusChip } from '@growth/kit/ui';
import { formatDate, formatDateTime, progressText, quantityText } from './format';
import { ProfileLink } from './ProfileLink';
import { RefillStatus } from './RefillStatus';
import { RefundRequest } from './RefundRequest';
import { RefundStatus } from './RefundStatus';
import type { ListedSubscription } from './useSubscriptionPage';
import styles from './Services.module.css';

/**
 * One subscription: plan and tier, price, status chip, when it was ordered and (once the provider
 * reported it) how many, the provider's progress when known (docs/fulfilment.md), Open Profile, and
 * expandable details (plan name, order id, payment id, pricing amount, created at); its refill
 * guarantee and "Request refill" (docs/refill.md); where its refund stands and "Request a refund"
 * (docs/refunds.md); its receipt (docs/payments.md#receipt).
 */
export function SubscriptionCard({ subscription: listed }: { subscription: ListedSubscription }) {
  const [open, setOpen] = useState(false);
  // After a refund request the card shows the server's answer until the list brings a newer one.
  const [answered, setAnswered] = useState<{ listed: ListedSubscription; subscription: ListedSubscription } | null>(null);
  const subscription = answered?.listed === listed ? answered.subscription : listed;
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  const pricing = subscription.pricing ?? ({} as Partial<ListedSubscription['pricing']>);
  const planName = subscription.planName || '—';
  const price = formatPrice(pricing.price, pricing.currency || 'USD');
  const progress = progressText(subscription.progress, subscription.Status);
  const ordered = formatDate(subscription.createdAt);
  const quantity = quantityText(subscription.progress);
  const facts = [ordered && `Ordered ${ordered}`, quantity && `Quantity ${quantity}`].filter(Boolean).join(' · ');
  const details = [
    { label: 'Plan name', value: planName },
    { label: 'Order ID', value: subscription.orderId || '—' },
    { label: 'Payment ID', value: subscription.paymentId || '—' },
    { label: 'Pricing amount', value: price },
    { label: 'Created at', value: formatDateTime(subscription.createdAt) },
  ];

  return (
    // The card's address (/services/active#order-<id>) is where the receipt after paying links to.
    <article id={orderAnchor(subscription.orderId) ?? undefined} tabIndex={-1} className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <div className={styles.cardTitle}>
          <h2 id={titleId} className={styles.plan}>
            {planName}
          </h2>
          {pricing.name && <p className={styles.tier}>{pricing.name}</p>}
        </div>
        <StatusChip status={subscription.Status} statusText={subscription.statusText} />
      </header>

      <p className={styles.price}>{price}</p>
      {facts && <p className={styles.facts}>{facts}</p>}
      {progress && <p className={styles.progress}>{progress}</p>}
      <RefillStatus subscription={subscription} onUpdated={(updated) => setAnswered({ listed, subscription: updated })} />
      <RefundStatus subscription={subscription} />

      <div className={styles.cardActions}>
        <ProfileLink link={subscription.profileLink} planName={subscription.planName} />
        {subscription.orderId && (
          <Link href={receiptHref(subscription.orderId)} className="button button--ghost">
            View receipt
          </Link>
        )}
        <button
          type="button"
          className={`button button--ghost ${styles.toggle}`}
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          View Details
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.chevron}>
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </div>

      <dl id={detailsId} className={styles.details} hidden={!open}>
        {details.map((row) => (
          <div key={row.label} className={styles.detail}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <RefundRequest subscription={subscription} onUpdated={(updated) => setAnswered({ listed, subscription: updated })} />
    </article>
  );
}

/** The element id of an order's card, from its order id; null without one. */
export function orderAnchor(orderId: string | null | undefined): string | null {
  return orderId ? `order-${orderId}` : null;
}

/** The order's receipt page (docs/payments.md#receipt). */
export function receiptHref(orderId: string): string {
  return `/receipt/${encodeURIComponent(orderId)}`;
}
