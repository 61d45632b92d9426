import { canCancel, canRetry } from '../fulfilment/fulfilmentTypes';
import type { AdminSubscription } from '../subscriptions/AdminSubscriptionCard';
import styles from '../lists/Lists.module.css';

interface Props {
  subscription: AdminSubscription;
  disabled: boolean;
  onRetry(): void;
  onCancel(): void;
}

/**
 * Retry (an order that needs review) and Cancel (one not placed upstream yet: queued or needs
 * review); nothing in any other state, nor on the manual path.
 */
export function FulfilmentButtons({ subscription, disabled, onRetry, onCancel }: Props) {
  const retry = canRetry(subscription.fulfilment);
  const cancel = canCancel(subscription.fulfilment);
  if (!retry && !cancel) return null;
  const which = `${subscription.planName || 'subscription'}, order ${subscription.orderId || '—'}`;
  return (
    <>
      {retry && (
        <button type="button" className="button button--primary" aria-label={`Retry: ${which}`} disabled={disabled} onClick={onRetry}>
          Retry
        </button>
      )}
      {cancel && (
        <button type="button" className={`button button--ghost ${styles.danger}`} aria-label={`Cancel: ${which}`} disabled={disabled} onClick={onCancel}>
          Cancel
        </button>
      )}
    </>
  );
}
