import { refundLines } from './refund';
import type { ListedSubscription } from './useSubscriptionPage';
import styles from './Refund.module.css';

/** Where the order's refund stands (refund.ts), one line each; nothing when it has none. */
export function RefundStatus({ subscription }: { subscription: ListedSubscription }) {
  const lines = refundLines(subscription);
  if (lines.length === 0) return null;
  return (
    <div className={styles.status}>
      {lines.map((line) => (
        <p key={line.text} className={styles.line}>
          {line.text}
          {line.note && (
            <>
              {' '}
              <span className={styles.note}>{line.note}</span>
            </>
          )}
        </p>
      ))}
    </div>
  );
}
