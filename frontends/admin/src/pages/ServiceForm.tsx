import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Spinner, adminApi, slugify, type AdminService, type MessageAnswer, type Service } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { Banner, ErrorBanner, SubmitButton, TextArea, TextField } from '../ui';
import { ContentRows } from '../services/ContentRows';
import { LogoField } from '../services/LogoField';
import { ServiceSavedOffer } from '../services/ServiceSavedOffer';
import { checkDraft, draftOf, newRow, requestBody, type ContentRow, type ServiceDraft } from '../services/serviceForm';
import styles from '../services/Services.module.css';
import { setFlash } from '../layout/flash';

type Load = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; logo: string | null };

const FIELD_IDS = { heading: 'service-heading', description: 'service-description', content: 'service-content' } as const;

/**
 * /admin/add-editService: adds a service, or edits the one named by `?serviceId=` (loaded with
 * POST /services/getById). Heading, description, content items (removing a saved item deletes it
 * on the server at once), and a logo. Saved as multipart to /services/create or /services/update
 * (plain fields for an update without a new logo). An edit goes back to the dashboard; a new service
 * shows what it needs next to be sold (its plan: ServiceSavedOffer).
 */
export default function ServiceForm() {
  const serviceId = new URLSearchParams(useSearch()).get('serviceId');
  const [, navigate] = useLocation();
  const [load, setLoad] = useState<Load>(serviceId ? { status: 'loading' } : { status: 'ready', logo: null });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<ServiceDraft>({ heading: '', description: '', rows: [newRow()] });
  // The address the service has now (edit mode): a new heading moves it, and the old one keeps leading there.
  const [savedSlug, setSavedSlug] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<{ message: string; field: keyof typeof FIELD_IDS } | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [removeError, setRemoveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  // A new service as the create answer has it (its address and listing): the form gives way to the offer.
  const [created, setCreated] = useState<AdminService | null>(null);

  useEffect(() => {
    if (!serviceId) return undefined;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    adminApi
      .post<{ data: Service }>('/services/getById', { serviceId }, { signal: controller.signal })
      .then((answer) => {
        setDraft(draftOf(answer.data));
        setSavedSlug(slugify(answer.data.serviceHeading ?? '') || null);
        setLoad({ status: 'ready', logo: answer.data.logo ?? null });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error });
      });
    return () => controller.abort();
  }, [serviceId, attempt]);

  const setRow = (uid: string, field: 'key' | 'value', text: string) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((row) => (row.uid === uid ? { ...row, [field]: text } : row)) }));
  const addRow = () => setDraft((d) => ({ ...d, rows: [...d.rows, newRow()] }));
  const dropRow = (uid: string) => setDraft((d) => ({ ...d, rows: d.rows.filter((row) => row.uid !== uid) }));

  const removeRow = async (row: ContentRow) => {
    setRemoveError(null);
    if (!serviceId || !row.contentId) {
      dropRow(row.uid);
      return;
    }
    setRemoving(row.uid);
    try {
      await adminApi.post('/services/deleteContent', { serviceId, contentId: row.contentId });
      dropRow(row.uid);
    } catch (err) {
      setRemoveError(err);
    } finally {
      setRemoving(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setInvalid({ message: checked.message, field: checked.field });
      const target = document.getElementById(FIELD_IDS[checked.field]);
      (checked.field === 'content' ? target?.querySelector<HTMLElement>('input') : target)?.focus();
      return;
    }
    setInvalid(null);
    setSaving(true);
    try {
      const answer = await adminApi.post<MessageAnswer & { data?: AdminService }>(
        serviceId ? '/services/update' : '/services/create',
        requestBody(checked.form, serviceId, logo),
      );
      if (!serviceId && answer.data?.listing) {
        setCreated(answer.data);
        setSaving(false);
        return;
      }
      setFlash(answer.message || (serviceId ? 'Service updated' : 'Service created'));
      navigate('/admin/dashboard');
    } catch (err) {
      setSaveError(err);
      setSaving(false);
    }
  };

  const title = serviceId ? 'Edit Service' : 'Add Service';

  return (
    <AdminLayout title={title}>
      {load.status === 'loading' && <Spinner label="Loading the service…" />}
      {load.status === 'failed' && <ErrorBanner title="Failed to load the service" error={load.error} onRetry={() => setAttempt((n) => n + 1)} />}
      {created && <ServiceSavedOffer service={created} />}
      {load.status === 'ready' && !created && (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={title} aria-busy={saving}>
          {invalid && <Banner tone="failure" text={invalid.message} />}
          {saveError !== null && <ErrorBanner title="Save failed" error={saveError} />}
          <TextField
            id={FIELD_IDS.heading}
            label="Heading"
            value={draft.heading}
            onChange={(heading) => setDraft((d) => ({ ...d, heading }))}
            invalid={invalid?.field === 'heading'}
            maxLength={100}
            disabled={saving}
            hint={addressHint(draft.heading, savedSlug)}
          />
          <TextArea
            id={FIELD_IDS.description}
            label="Description"
            value={draft.description}
            onChange={(description) => setDraft((d) => ({ ...d, description }))}
            maxLength={2000}
            rows={4}
            disabled={saving}
            aria-invalid={invalid?.field === 'description' || undefined}
          />
          {removeError !== null && <ErrorBanner title="Delete failed" error={removeError} />}
          <ContentRows
            rows={draft.rows}
            onChange={setRow}
            onAdd={addRow}
            onRemove={(row) => void removeRow(row)}
            removing={removing}
            disabled={saving}
            invalid={invalid?.field === 'content'}
          />
          <LogoField current={load.logo} file={logo} onChange={setLogo} disabled={saving} />
          <div className={styles.formActions}>
            <SubmitButton busy={saving}>{serviceId ? 'Save Changes' : 'Create Service'}</SubmitButton>
            <Link href="/admin/dashboard" className="button button--ghost">
              Cancel
            </Link>
          </div>
        </form>
      )}
    </AdminLayout>
  );
}

/**
 * Where the heading puts the service in the shop: /services/{slug of the heading}. The shop lists it
 * once an Active plan with a tier answers there (docs/catalogue.md, "Listing rule"); a rename keeps
 * the old address leading to the new one.
 */
function addressHint(heading: string, savedSlug: string | null): string {
  const slug = slugify(heading);
  if (!slug) return 'Its page in the shop is /services/ followed by the heading in lower case.';
  const moved = savedSlug && savedSlug !== slug ? ` (its old address /services/${savedSlug} keeps leading here)` : '';
  return `Its page in the shop: /services/${slug}${moved}. Listed once an Active plan with a tier answers there.`;
}
