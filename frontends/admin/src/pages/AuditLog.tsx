import { useRef, type ReactNode } from 'react';
import { Spinner } from '@growth/kit';
import { AuditEntryCard } from '../audit/AuditEntryCard';
import { AuditFilterBar } from '../audit/AuditFilterBar';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../audit/useAuditLog';
import { AdminLayout } from '../layout/AdminLayout';
import { ListSummary } from '../lists/ListSummary';
import { ErrorBanner, Pager, uiStyles } from '../ui';
import listStyles from '../lists/Lists.module.css';
import styles from '../audit/Audit.module.css';

/**
 * Every admin write, newest first, as sentences ('… marked order order_Np0f… of ben@example.com
 * Completed') with links to what was touched and the before/after as labelled fields; filters by
 * who, kind of action and period, kept in the address.
 */
export default function AuditLog() {
  const { state, page, pages, filters, goTo, refine, retry } = useAuditLog();
  // The admins seen so far, for the Who choice (the log names them; there is no list of admins to ask).
  const actors = useRef(new Map<string, string>());
  if (state.status === 'loaded') {
    for (const entry of state.data.data ?? []) if (entry.adminId && entry.adminEmail) actors.current.set(entry.adminId, entry.adminEmail);
  }
  const filtered = Boolean(filters.actor || filters.kind !== 'all' || filters.from || filters.to);

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Failed to load the audit log" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading the audit log…" />;
  } else {
    const items = Array.isArray(state.data.data) ? state.data.data : [];
    body =
      items.length === 0 ? (
        <p className={uiStyles.empty}>{filtered ? 'No changes match these filters.' : 'No admin changes recorded yet.'}</p>
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
        <AuditFilterBar filters={filters} actors={actors.current} onRefine={refine} />
        {body}
        {pages !== null && state.status !== 'failed' && <Pager page={page} pages={pages} onChange={goTo} disabled={state.status === 'loading'} label="Audit log pages" />}
      </div>
    </AdminLayout>
  );
}
