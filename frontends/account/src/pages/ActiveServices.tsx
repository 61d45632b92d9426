import { Link } from 'wouter';
import { SubscriptionList } from '../services/SubscriptionList';

/** The customer's subscriptions in process (spec §2 "Active and Completed lists"). */
export default function ActiveServices() {
  return (
    <SubscriptionList
      kind="active"
      title="Active Services"
      failedText="Failed to load active services"
      emptyText="No active services found."
      actions={
        <>
          <Link href="/profile" className="button button--ghost">
            <span aria-hidden="true">← </span>Back to Profile
          </Link>
          <Link href="/services/completed" className="button button--primary">
            View Completed Services
          </Link>
        </>
      }
    />
  );
}
