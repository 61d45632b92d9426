import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { Spinner, adminApi, type Plan } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { PlanForm } from '../plans/PlanForm';
import { TierFulfilmentSection } from '../plans/TierFulfilmentSection';
import {
  createBody,
  draftOf,
  emptyPlan,
  errorsStillStanding,
  hasErrors,
  updateBody,
  validatePlan,
  type PlanDraft,
  type PlanErrors,
  type TierDraft,
} from '../plans/planForm';
import { usePlanToEdit } from '../plans/usePlanToEdit';
import { PLATFORM_PARAM } from '../services/planLinks';
import { ADMIN_TOAST_MS, Banner, ConfirmDialog, ErrorBanner, Toast } from '../ui';

const NO_ERRORS: PlanErrors = { tiers: {} };

/**
 * Edit a plan (docs/product.md#admin): name, status, tiers (name, price, description, features one per line,
 * Most Popular), add tier, remove tier (a saved one after confirmation, POST /plan/deletePricing),
 * save (POST /plan/update). /admin/edit-plan/new creates a plan (POST /plan/create), started with
 * the platform and name of `?platform=` when a service's "Create its plan" led here. Under the
 * form: how each saved tier is fulfilled (a provider service and quantity, or by hand; docs/fulfilment.md).
 */
export default function EditPlan() {
  const { planId = '' } = useParams<{ planId: string }>();
  const [, navigate] = useLocation();
  const [created, setCreated] = useState<Plan | null>(null);
  const { plan, retry } = usePlanToEdit(planId, created);
  const creating = plan.status === 'create';
  // /admin/edit-plan/new?platform=<service heading>: the plan a service's "Create its plan" asked for.
  const platform = new URLSearchParams(useSearch()).get(PLATFORM_PARAM) ?? '';

  const [draft, setDraft] = useState<PlanDraft | null>(null);
  const [errors, setErrors] = useState<PlanErrors>(NO_ERRORS);
  const [refusals, setRefusals] = useState(0);
  const [removals, setRemovals] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [removing, setRemoving] = useState<TierDraft | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<unknown>(null);
  const [toast, setToast] = useState<string | null>(null);
  // The status the server holds, to ask before a save takes an Active plan off sale.
  const [savedStatus, setSavedStatus] = useState<Plan['status'] | null>(null);
  const [askingOffSale, setAskingOffSale] = useState(false);

  // A new page (another plan, or /new): start from what it holds.
  const loadedPlan = plan.status === 'loaded' ? plan.plan : null;
  useEffect(() => {
    if (creating) setDraft(emptyPlan(platform));
    else if (loadedPlan) setDraft(draftOf(loadedPlan));
    else setDraft(null);
    setSavedStatus(loadedPlan?.status ?? null);
    setErrors(NO_ERRORS);
    setSaveError(null);
    setRemoveError(null);
  }, [creating, loadedPlan, platform]);

  /** `offSaleConfirmed`: staff said yes to taking an Active plan off sale (docs/catalogue.md, "Listing rule"). */
  const save = async (offSaleConfirmed = false) => {
    if (!draft) return;
    const found = validatePlan(draft);
    setErrors(found);
    if (hasErrors(found)) {
      setRefusals((n) => n + 1);
      return;
    }
    if (!creating && savedStatus === 'Active' && draft.status !== 'Active' && !offSaleConfirmed) {
      setAskingOffSale(true);
      return;
    }
    setAskingOffSale(false);
    setSaving(true);
    setSaveError(null);
    try {
      const answer = creating
        ? await adminApi.post<{ plan?: Plan }>('/plan/create', createBody(draft))
        : await adminApi.post<{ plan?: Plan }>('/plan/update', updateBody(planId.trim(), draft));
      if (answer.plan) {
        setDraft(draftOf(answer.plan));
        setSavedStatus(answer.plan.status);
      }
      setToast(creating ? 'Plan created' : 'Plan saved');
      if (creating && answer.plan?.planId) {
        setCreated(answer.plan);
        navigate(`/admin/edit-plan/${encodeURIComponent(answer.plan.planId)}`, { replace: true });
      }
    } catch (error) {
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  };

  const edit = (next: PlanDraft) => {
    setDraft(next);
    setErrors((shown) => errorsStillStanding(shown, next));
  };

  const dropTier = (key: string) => {
    setDraft((current) => (current ? { ...current, tiers: current.tiers.filter((tier) => tier.key !== key) } : current));
    setErrors((current) => {
      const { [key]: _gone, ...tiers } = current.tiers;
      return { ...current, tiers };
    });
    setRemovals((n) => n + 1);
  };

  const removeTier = (tier: TierDraft) => {
    setRemoveError(null);
    if (tier.pricingId) setRemoving(tier);
    else dropTier(tier.key); // never saved: nothing to ask the server
  };

  const confirmRemove = async () => {
    if (!removing?.pricingId) return;
    setRemoveBusy(true);
    try {
      await adminApi.post('/plan/deletePricing', { pricingId: removing.pricingId });
      dropTier(removing.key);
      setToast('Tier removed');
    } catch (error) {
      setRemoveError(error);
    } finally {
      setRemoveBusy(false);
      setRemoving(null);
    }
  };

  let body: ReactNode;
  if (plan.status === 'missing-id') body = <Banner tone="failure" text="Missing plan ID" />;
  else if (plan.status === 'not-found') body = <Banner tone="failure" text="Plan not found" />;
  else if (plan.status === 'failed') body = <ErrorBanner title="Request failed" error={plan.error} onRetry={retry} />;
  else if (plan.status === 'loading' || !draft) body = <Spinner label="Loading plan…" />;
  else
    body = (
      <>
        {saveError !== null && <ErrorBanner title="Save failed" error={saveError} />}
        {removeError !== null && <ErrorBanner title="Failed to remove tier" error={removeError} />}
        <PlanForm
          mode={creating ? 'create' : 'edit'}
          draft={draft}
          errors={errors}
          saving={saving}
          refusals={refusals}
          removals={removals}
          onChange={edit}
          onRemoveTier={removeTier}
          onSubmit={() => void save()}
        />
        <TierFulfilmentSection planId={creating ? null : planId.trim()} tiers={draft.tiers} />
      </>
    );

  const showBack = plan.status === 'missing-id' || plan.status === 'not-found' || plan.status === 'failed';
  return (
    <AdminLayout
      title={creating ? 'Create Plan' : 'Edit Plan'}
      actions={
        showBack ? (
          <Link href="/admin/plan" className="button button--ghost">
            Back to Plans
          </Link>
        ) : undefined
      }
    >
      {body}
      {askingOffSale && draft && (
        <ConfirmDialog
          title={`Take ${draft.name.trim() || 'this plan'} off sale?`}
          confirmLabel={`Save as ${draft.status}`}
          cancelLabel="Keep it Active"
          busy={saving}
          onConfirm={() => void save(true)}
          onCancel={() => setAskingOffSale(false)}
        >
          <p>
            Saved as {draft.status}, the plan stops selling: its service leaves the public catalogue and its pricing page says the packages are not available, until the
            plan is Active again. Orders already paid are not affected.
          </p>
        </ConfirmDialog>
      )}
      {removing && (
        <ConfirmDialog title="Remove tier?" confirmLabel="Remove" busy={removeBusy} onConfirm={() => void confirmRemove()} onCancel={() => setRemoving(null)}>
          <p>Remove the tier “{removing.name.trim() || 'unnamed'}” from this plan? It leaves the pricing page at once.</p>
        </ConfirmDialog>
      )}
      <Toast message={toast} durationMs={ADMIN_TOAST_MS} onDone={() => setToast(null)} />
    </AdminLayout>
  );
}
