import { Link } from 'wouter';
import { SubscriptionList } from '../services/SubscriptionList';

/** The customer's completed (and later) subscriptions (spec §2 "Active and Completed lists"). */
export default function CompletedServices() {
  return (
    <SubscriptionList
      kind="completed"
      title="Completed Services"
      failedText="Failed to load completed services"
      emptyText="No completed services found."
      actions={
        <Link href="/services/active" className="button button--ghost">
          <span aria-hidden="true">← </span>Back to Active Services
        </Link>
      }
    />
  );
}
