import { useId, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Spinner, useAuth } from '@growth/kit';
import { Pager } from './Pager';
import { SubscriptionCard } from './SubscriptionCard';
import { PAGE_SIZE, useSubscriptionPage, type SubscriptionKind } from './useSubscriptionPage';
import styles from './Services.module.css';

interface SubscriptionListProps {
  kind: SubscriptionKind;
  title: string;
  /** Spec §8: the failure text of this list. */
  failedText: string;
  /** Spec §8: the empty text of this list. */
  emptyText: string;
  /** The page's navigation buttons, shown under the heading. */
  actions: ReactNode;
}

/**
 * The body of the Active and Completed pages (spec §2): heading and navigation, then the states
 * (loading, missing userId, failure with Retry, empty) or six cards with Previous / Next.
 */
export function SubscriptionList({ kind, title, failedText, emptyText, actions }: SubscriptionListProps) {
  const { state, page, lastPage, goTo, retry } = useSubscriptionPage(kind);
  const { logout } = useAuth();
  const [location, navigate] = useLocation();
  const headingId = useId();

  const logInAgain = () => {
    logout();
    navigate(`/login?next=${encodeURIComponent(location)}`, { replace: true });
  };

  let body: ReactNode;
  let pager: ReactNode = null;
  if (state.status === 'no-user') {
    body = (
      <div className={styles.message} role="alert">
        <p className={styles.messageText}>Missing userId. Please log in again.</p>
        <button type="button" className="button button--primary" onClick={logInAgain}>
          Log in
        </button>
      </div>
    );
  } else if (state.status === 'failed') {
    body = (
      <div className={styles.message} role="alert">
        <p className={styles.messageText}>{failedText}</p>
        {state.reason !== failedText && <p className={styles.reason}>{state.reason}</p>}
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  } else if (state.status === 'loading') {
    body = <Spinner label={`Loading ${title.toLowerCase()}…`} />;
    // Between two pages the pager stays (the same element, so focus stays in it), both buttons waiting.
    if (lastPage !== null) pager = <Pager page={page} lastPage={lastPage} busy onPage={goTo} />;
  } else if (state.items.length === 0) {
    body = <p className={styles.empty}>{emptyText}</p>;
  } else {
    const { meta, items } = state;
    const first = (meta.page - 1) * (meta.perPage ?? PAGE_SIZE) + 1;
    body = (
      <>
        <p className={styles.summary}>
          Showing {first}–{first + items.length - 1} of {meta.total}
        </p>
        <ul className={styles.grid}>
          {items.map((item, index) => (
            <li key={item._id || item.subscriptionId || index}>
              <SubscriptionCard subscription={item} />
            </li>
          ))}
        </ul>
      </>
    );
    pager = <Pager page={meta.page} lastPage={meta.lastPage} busy={false} onPage={goTo} />;
  }

  return (
    <section className={styles.page} aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <header className={styles.header}>
        <h1 id={headingId} className={styles.title}>
          {title}
        </h1>
        <div className={styles.actions}>{actions}</div>
      </header>
      {body}
      {pager}
    </section>
  );
}
