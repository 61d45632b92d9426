import { Link } from 'wouter';
import { SubscriptionList } from '../services/SubscriptionList';

/** The customer's subscriptions in process, with the way to the completed ones and back to the profile. */
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
