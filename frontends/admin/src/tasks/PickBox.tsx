import type { AdminSubscription } from '@growth/kit';
import styles from './PickBox.module.css';

interface Props {
  subscription: AdminSubscription;
  selected: ReadonlySet<string>;
  disabled: boolean;
  onSelect(ids: string[], on: boolean): void;
}

/**
 * The box that picks an order for Mark Completed of several at once (docs/product.md#api,
 * POST /admin/tasks/complete): on the tasks table's row and on the phone's card, named after the order.
 */
export function PickBox({ subscription, selected, disabled, onSelect }: Props) {
  const which = `${subscription.planName || 'subscription'} order ${subscription.orderId || '—'}`;
  return (
    <label className={styles.target}>
      <input
        type="checkbox"
        className={styles.box}
        aria-label={`Select the ${which}`}
        checked={selected.has(subscription.subscriptionId)}
        disabled={disabled}
        onChange={(event) => onSelect([subscription.subscriptionId], event.target.checked)}
      />
    </label>
  );
}
