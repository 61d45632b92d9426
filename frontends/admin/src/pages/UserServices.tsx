import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { Spinner, type AdminSubscription, type ProfileAnswer, type UserSubscriptionsAnswer } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { useAdminPost } from '../data/useAdminPost';
import { AdminSubscriptionCard } from '../subscriptions/AdminSubscriptionCard';
import { Banner, ErrorBanner, formatDate, uiStyles } from '../ui';
import styles from '../lists/Lists.module.css';

/** Whose services these are: name, e-mail, phone, country and joined (POST /user/getById); nothing while unknown. */
function ClientHeader({ profile }: { profile: ProfileAnswer['data'] }) {
  if (!profile) return null;
  const name = profile.name?.trim() || profile.email || '—';
  const details = [profile.email, profile.phone, profile.country, profile.createdAt ? `joined ${formatDate(profile.createdAt)}` : null].filter(Boolean);
  return (
    <section className={styles.card} aria-label="Client">
      <h2 className={styles.name}>{name}</h2>
      {details.length > 0 && <p className={styles.subtitle}>{details.join(' · ')}</p>}
    </section>
  );
}

/**
 * One client's subscriptions (docs/product.md#admin: a client's services): POST /subscription/user {userId}, under the client's name and
 * e-mail. To the admin token the server answers the admin body (docs/refill.md, "Bodies"), so each card shows the refill history as the task card does.
 */
export default function UserServices() {
  const { userId = '' } = useParams<{ userId: string }>();
  const id = userId.trim();
  const { state, retry } = useAdminPost<UserSubscriptionsAnswer<AdminSubscription>>('/subscription/user', id ? { userId: id } : null);
  // The client's name above the list; a failure here leaves the list as it is (it names no one).
  const client = useAdminPost<ProfileAnswer>('/user/getById', id ? { userId: id } : null);
  const profile = client.state.status === 'loaded' ? client.state.data.data : undefined;

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
        <ClientHeader profile={profile} />
        {body}
      </div>
    </AdminLayout>
  );
}
