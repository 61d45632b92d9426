import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner, adminApi, type PlanSummary } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { ListSummary } from '../lists/ListSummary';
import { SearchForm } from '../lists/SearchForm';
import { PlanCard } from '../plans/PlanCard';
import { PLANS_PAGE_SIZE } from '../plans/planTypes';
import { usePlans } from '../plans/usePlans';
import { ADMIN_TOAST_MS, ConfirmDialog, ErrorBanner, Pager, Toast, uiStyles } from '../ui';
import styles from '../lists/Lists.module.css';

/** Plans (docs/product.md#admin): search, paging (10), create, edit, delete after confirmation. */
export default function Plans() {
  const { state, page, query, lastPage, goTo, search, retry } = usePlans();
  const [deleting, setDeleting] = useState<PlanSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [toast, setToast] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi.post('/plan/deletePlan', { planId: deleting.planId });
      setDeleteError(null);
      setToast(`Plan “${deleting.name}” deleted`);
      retry();
      // The pressed Delete button goes with its card: the focus goes to the page's heading.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus());
    } catch (error) {
      setDeleteError(error);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Failed to load plans" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading plans…" />;
  } else {
    const items = Array.isArray(state.data.plans) ? state.data.plans : [];
    const total = Number(state.data.total ?? items.length);
    body =
      items.length === 0 ? (
        <p className={uiStyles.empty}>{query ? `No plans match “${query}”.` : 'No plans yet.'}</p>
      ) : (
        <>
          <ListSummary page={page} pageSize={PLANS_PAGE_SIZE} shown={items.length} total={total} noun="plans" />
          <ul className={styles.grid}>
            {items.map((plan) => (
              <li key={plan.planId}>
                <PlanCard plan={plan} onDelete={setDeleting} />
              </li>
            ))}
          </ul>
        </>
      );
  }

  return (
    <AdminLayout
      title="Plans"
      actions={
        <Link href="/admin/edit-plan/new" className="button button--primary">
          Create Plan
        </Link>
      }
    >
      <div className={styles.stack} aria-busy={state.status === 'loading'}>
        <div className={styles.toolbar}>
          <SearchForm label="Search plans" value={query} placeholder="Plan name" onSearch={search} />
        </div>
        {deleteError !== null && <ErrorBanner title="Failed to delete plan" error={deleteError} />}
        {body}
        {lastPage !== null && state.status !== 'failed' && (
          <Pager page={page} pages={lastPage} onChange={goTo} disabled={state.status === 'loading'} label="Plans pages" />
        )}
      </div>
      {deleting && (
        <ConfirmDialog title="Delete plan?" busy={busy} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)}>
          <p>
            Delete the plan “{deleting.name}” and its {Number(deleting.tiers ?? 0)} pricing {Number(deleting.tiers ?? 0) === 1 ? 'tier' : 'tiers'}?
          </p>
          <p>Its pricing page stops selling it. This cannot be undone.</p>
        </ConfirmDialog>
      )}
      <Toast message={toast} durationMs={ADMIN_TOAST_MS} onDone={() => setToast(null)} />
    </AdminLayout>
  );
}
