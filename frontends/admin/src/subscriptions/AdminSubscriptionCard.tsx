import { useId, type ReactNode } from 'react';
import type { AdminSubscription } from '@growth/kit';
import { StatusChip } from '@growth/kit/ui';
import { formatPrice } from '@growth/kit/format';
import { FulfilmentDetails } from '../fulfilment/FulfilmentDetails';
import { RefillDetails } from '../fulfilment/RefillDetails';
import { RefundDetails } from '../refunds/RefundDetails';
import { formatDate } from '../ui';
import { SandboxBadge } from '../ui/SandboxBadge';
import { ProfileValue } from './ProfileValue';
import { FieldRows } from '../lists/FieldRows';
import styles from '../lists/Lists.module.css';

interface Props {
  subscription: AdminSubscription;
  /** Show the customer's e-mail (the tasks list spans every customer). */
  showCustomer?: boolean;
  /** Buttons under the fields (the status toggle). */
  actions?: ReactNode;
  /** Approve and Decline beside an open refund request (the tasks list). */
  requestActions?: ReactNode;
  /** A pick box before the heading (the tasks list on a phone: several orders marked Completed at once). */
  pick?: ReactNode;
}

/**
 * One subscription: plan and tier, status chip (and "Sandbox" on an order paid with no real money), then price, customer, order id, payment id,
 * profile link and created date (en-IN); then the upstream provider's part when it delivers it,
 * and its refunds or the customer's request when there are any.
 */
export function AdminSubscriptionCard({ subscription, showCustomer = false, actions, requestActions, pick }: Props) {
  const titleId = useId();
  const pricing = subscription.pricing ?? ({} as Partial<AdminSubscription['pricing']>);
  const planName = subscription.planName || '—';
  const rows: { label: string; value: ReactNode; mono?: boolean }[] = [
    { label: 'Tier', value: pricing.name || '—' },
    { label: 'Price', value: formatPrice(pricing.price, pricing.currency || 'USD') },
  ];
  if (showCustomer) rows.push({ label: 'Customer', value: subscription.customer?.email || '—' });
  rows.push(
    { label: 'Order ID', value: subscription.orderId || '—', mono: true },
    { label: 'Payment ID', value: subscription.paymentId || '—', mono: true },
    { label: 'Profile', value: <ProfileValue link={subscription.profileLink} /> },
    { label: 'Created', value: formatDate(subscription.createdAt, { withTime: true }) },
  );

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <div className={styles.titleLine}>
          {pick}
          <h2 id={titleId} className={styles.name}>
            {planName}
          </h2>
          <SandboxBadge sandbox={subscription.sandbox} />
        </div>
        <StatusChip status={subscription.Status} statusText={subscription.statusText} />
      </header>
      <FieldRows rows={rows} />
      {subscription.fulfilment && typeof subscription.fulfilment === 'object' && (
        <FulfilmentDetails fulfilment={subscription.fulfilment} paidCurrency={pricing.currency} />
      )}
      {subscription.refill && typeof subscription.refill === 'object' && <RefillDetails refill={subscription.refill} />}
      {subscription.refund && typeof subscription.refund === 'object' && (
        <RefundDetails refund={subscription.refund} paidCurrency={pricing.currency} requestActions={requestActions} />
      )}
      {actions && <div className={styles.cardActions}>{actions}</div>}
    </article>
  );
}
