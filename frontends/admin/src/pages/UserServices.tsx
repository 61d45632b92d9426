import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { Spinner } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { useAdminPost } from '../data/useAdminPost';
import { AdminSubscriptionCard, type AdminSubscription } from '../subscriptions/AdminSubscriptionCard';
import { Banner, ErrorBanner, uiStyles } from '../ui';
import styles from '../lists/Lists.module.css';

interface UserSubscriptions {
  subscriptions?: AdminSubscription[];
}

/** One client's subscriptions (docs/product.md#admin: a client's services): POST /subscription/user {userId}. */
export default function UserServices() {
  const { userId = '' } = useParams<{ userId: string }>();
  const id = userId.trim();
  const { state, retry } = useAdminPost<UserSubscriptions>('/subscription/user', id ? { userId: id } : null);

  let body: ReactNode;
  if (!id) {
    body = <Banner tone="failure" text="Missing userId in URL" />;
  } else if (state.status === 'failed') {
    body = <ErrorBanner title="Request failed" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading services…" />;
  } else {
    const items = Array.isArray(state.data.subscriptions) ? state.data.subscriptions : [];
    body =
      items.length === 0 ? (
        <p className={uiStyles.empty}>This client has no services yet.</p>
      ) : (
        <>
          <p className={styles.summary}>
            {items.length} {items.length === 1 ? 'service' : 'services'}, newest first
          </p>
          <ul className={styles.gridWide}>
            {items.map((subscription) => (
              <li key={subscription.subscriptionId || subscription._id}>
                <AdminSubscriptionCard subscription={subscription} />
              </li>
            ))}
          </ul>
        </>
      );
  }

  return (
    <AdminLayout
      title="User Services"
      actions={
        <Link href="/admin/client" className="button button--ghost">
          <span aria-hidden="true">← </span>Back to Clients
        </Link>
      }
    >
      <div className={styles.stack} aria-busy={Boolean(id) && state.status === 'loading'}>
        {body}
      </div>
    </AdminLayout>
  );
}
