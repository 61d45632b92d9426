import { useState } from 'react';
import { Link } from 'wouter';
import { Spinner, adminApi, type MessageAnswer, type Service } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { takeFlash } from '../layout/flash';
import { ConfirmDialog, ErrorBanner, Toast, uiStyles } from '../ui';
import { ProviderCard } from '../fulfilment/ProviderCard';
import { ServiceCard } from '../services/ServiceCard';
import { useServiceList } from '../services/useServiceList';
import styles from '../services/Services.module.css';

const TOAST_MS = 3000;
const ADD_SERVICE_ID = 'dashboard-add-service';

/**
 * /admin/dashboard: the upstream provider (balance, Check orders now), then every service, with
 * Edit and Delete (after a confirmation).
 */
export default function Dashboard() {
  const { state, reload, remove } = useServiceList();
  const [pending, setPending] = useState<Service | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  // A service just saved by the form says so here (the form navigates back to this page).
  const [toast, setToast] = useState<string | null>(takeFlash);

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      const answer = await adminApi.post<MessageAnswer>('/services/delete', { serviceId: pending.serviceId });
      remove(pending.serviceId);
      setToast(answer.message || 'Service deleted');
      // The card and its Delete button are gone: the focus goes to the page's first action.
      requestAnimationFrame(() => document.getElementById(ADD_SERVICE_ID)?.focus());
    } catch (err) {
      setDeleteError(err);
    } finally {
      setDeleting(false);
      setPending(null);
    }
  };

  return (
    <AdminLayout
      title="Services"
      actions={
        <Link id={ADD_SERVICE_ID} href="/admin/add-editService" className="button button--primary">
          Add Service
        </Link>
      }
    >
      <ProviderCard />
      {deleteError !== null && <ErrorBanner title="Delete failed" error={deleteError} />}
      {state.status === 'loading' && <Spinner label="Loading services…" />}
      {state.status === 'failed' && <ErrorBanner title="Failed to load services" error={state.error} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.services.length === 0 ? (
          <p className={uiStyles.empty}>No services yet. Add the first one.</p>
        ) : (
          <ul className={styles.grid} aria-label="Services">
            {state.services.map((service) => (
              <ServiceCard key={service.serviceId} service={service} onDelete={setPending} busy={deleting} />
            ))}
          </ul>
        ))}
      {pending && (
        <ConfirmDialog title="Delete service?" busy={deleting} onConfirm={() => void confirmDelete()} onCancel={() => setPending(null)}>
          <p>“{pending.serviceHeading}” and its content items will be removed from the catalogue. This cannot be undone.</p>
        </ConfirmDialog>
      )}
      <Toast message={toast} durationMs={TOAST_MS} onDone={() => setToast(null)} />
    </AdminLayout>
  );
}
