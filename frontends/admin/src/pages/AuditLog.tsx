import type { ReactNode } from 'react';
import { Spinner } from '@growth/kit';
import { AuditEntryCard } from '../audit/AuditEntryCard';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../audit/useAuditLog';
import { AdminLayout } from '../layout/AdminLayout';
import { ListSummary } from '../lists/ListSummary';
import { ErrorBanner, Pager, uiStyles } from '../ui';
import listStyles from '../lists/Lists.module.css';
import styles from '../audit/Audit.module.css';

/** Every admin write, newest first: who, what, which record, when, before/after. */
export default function AuditLog() {
  const { state, page, pages, goTo, retry } = useAuditLog();

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Failed to load the audit log" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading the audit log…" />;
  } else {
    const items = Array.isArray(state.data.data) ? state.data.data : [];
    body =
      items.length === 0 ? (
        <p className={uiStyles.empty}>No admin changes recorded yet.</p>
      ) : (
        <>
          <ListSummary page={page} pageSize={AUDIT_PAGE_SIZE} shown={items.length} total={Number(state.data.paging?.total ?? items.length)} noun="changes" />
          <ul className={styles.list}>
            {items.map((entry, index) => (
              <li key={entry.auditId || index}>
                <AuditEntryCard entry={entry} />
              </li>
            ))}
          </ul>
        </>
      );
  }

  return (
    <AdminLayout title="Audit Log">
      <div className={listStyles.stack} aria-busy={state.status === 'loading'}>
        {body}
        {pages !== null && state.status !== 'failed' && (
          <Pager page={page} pages={pages} onChange={goTo} disabled={state.status === 'loading'} label="Audit log pages" />
        )}
      </div>
    </AdminLayout>
  );
}
