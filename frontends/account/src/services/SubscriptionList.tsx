import { useEffect, useId, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Spinner, useAuth } from '@growth/kit';
import { Pager } from '@growth/kit/ui';
import { SubscriptionCard } from './SubscriptionCard';
import { PAGE_SIZE, useSubscriptionPage, type SubscriptionKind } from './useSubscriptionPage';
import styles from './Services.module.css';

interface SubscriptionListProps {
  kind: SubscriptionKind;
  title: string;
  /** The failure text of this list, as the product specification words it. */
  failedText: string;
  /** The empty text of this list, as the product specification words it. */
  emptyText: string;
  /** What to do about an empty list, under its text (the Completed list points to the catalogue). */
  emptyHint?: ReactNode;
  /** The page's navigation buttons, shown under the heading. */
  actions: ReactNode;
}

/**
 * The body of the Active and Completed pages: heading and navigation, then the states (loading,
 * missing userId, failure with Retry, empty) or six cards with Previous / Next, which only show
 * when there is more than one page.
 */
export function SubscriptionList({ kind, title, failedText, emptyText, emptyHint, actions }: SubscriptionListProps) {
  const { state, page, lastPage, goTo, retry } = useSubscriptionPage(kind);
  const { logout } = useAuth();
  const [location, navigate] = useLocation();
  const headingId = useId();
  const shown = state.status === 'loaded' ? state.items : null;

  // An address naming one order (#order-<id>, the receipt's link after paying) brings its card into
  // view and focus once the page holding it is shown.
  useEffect(() => {
    // Read as written: order ids are address-safe, and a malformed escape must not break the page.
    const hash = window.location.hash.slice(1);
    if (!shown || !hash.startsWith('order-')) return;
    const card = document.getElementById(hash);
    if (!card) return;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [shown]);

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
    if (lastPage !== null && lastPage > 1) pager = <Pager page={page} pages={lastPage} disabled onChange={goTo} />;
  } else if (state.items.length === 0) {
    body = emptyHint ? (
      <div className={styles.empty}>
        <p className={styles.emptyText}>{emptyText}</p>
        {emptyHint}
      </div>
    ) : (
      <p className={styles.empty}>{emptyText}</p>
    );
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
    if (meta.lastPage > 1) pager = <Pager page={meta.page} pages={meta.lastPage} onChange={goTo} />;
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
