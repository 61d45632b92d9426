import { Link } from 'wouter';
import { SubscriptionList } from '../services/SubscriptionList';
import styles from '../services/Services.module.css';

/**
 * The customer's completed (and later) subscriptions; an empty list points to the catalogue, where
 * the next package is bought.
 */
export default function CompletedServices() {
  return (
    <SubscriptionList
      kind="completed"
      title="Completed Services"
      failedText="Failed to load completed services"
      emptyText="No completed services found."
      emptyHint={
        <p className={styles.emptyHint}>
          Orders show here once they are delivered. <Link href="/services">Browse our services</Link> to start one.
        </p>
      }
      actions={
        <Link href="/services/active" className="button button--ghost">
          <span aria-hidden="true">← </span>Back to Active Services
        </Link>
      }
    />
  );
}
