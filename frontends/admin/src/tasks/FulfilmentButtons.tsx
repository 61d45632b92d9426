import type { AdminSubscription } from '@growth/kit';
import { RefillButton } from '../fulfilment/RefillButton';
import { canCancel, canLink, canRetry, canStaffRefill } from '../fulfilment/fulfilmentTypes';
import styles from '../lists/Lists.module.css';

interface Props {
  subscription: AdminSubscription;
  disabled: boolean;
  onLink(): void;
  onRetry(): void;
  onCancel(): void;
}

/**
 * Link panel order and Retry (an order that needs review; Link first, the usual way out: the order
 * is mostly on the panel already, and a retry would place a second one), Cancel (one not placed
 * upstream yet: queued or needs review); Refill (an order placed upstream with no refill in flight,
 * docs/refill.md: its own dialog and call); nothing in any other state, nor on the manual path.
 */
export function FulfilmentButtons({ subscription, disabled, onLink, onRetry, onCancel }: Props) {
  const link = canLink(subscription.fulfilment);
  const retry = canRetry(subscription.fulfilment);
  const cancel = canCancel(subscription.fulfilment);
  const refill = canStaffRefill(subscription.fulfilment, subscription.refill);
  if (!link && !retry && !cancel && !refill) return null;
  const which = `${subscription.planName || 'subscription'}, order ${subscription.orderId || '—'}`;
  return (
    <>
      {link && (
        <button type="button" className="button button--primary" aria-label={`Link panel order: ${which}`} disabled={disabled} onClick={onLink}>
          Link panel order
        </button>
      )}
      {retry && (
        <button type="button" className={link ? 'button button--ghost' : 'button button--primary'} aria-label={`Retry: ${which}`} disabled={disabled} onClick={onRetry}>
          Retry
        </button>
      )}
      {cancel && (
        <button type="button" className={`button button--ghost ${styles.danger}`} aria-label={`Cancel: ${which}`} disabled={disabled} onClick={onCancel}>
          Cancel
        </button>
      )}
      {refill && <RefillButton subscription={subscription} disabled={disabled} />}
    </>
  );
}
