import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { SubmitButton, TextField } from '../ui';
import formStyles from '@growth/kit/form.module.css';
import { PLAN_STATUSES } from './planTypes';
import { PLAN_FORM_LIMITS, emptyTier, type PlanDraft, type PlanErrors, type TierDraft } from './planForm';
import { TierFieldset } from './TierFieldset';
import styles from './Plans.module.css';

interface Props {
  mode: 'create' | 'edit';
  draft: PlanDraft;
  errors: PlanErrors;
  saving: boolean;
  /** Bumped on every refused submit: the first field in error takes the focus. */
  refusals: number;
  /** Bumped when a tier is removed: the Add tier button takes the focus. */
  removals: number;
  onChange(draft: PlanDraft): void;
  onRemoveTier(tier: TierDraft): void;
  onSubmit(): void;
}

/**
 * The plan form (docs/product.md#admin: plan edit): name, status (Active, Inactive, Pending), and — when
 * creating — platform and currency; then the tiers, Add tier, Save.
 */
export function PlanForm({ mode, draft, errors, saving, refusals, removals, onChange, onRemoveTier, onSubmit }: Props) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNewTier = useRef<string | null>(null);

  useEffect(() => {
    if (refusals === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  useEffect(() => {
    if (removals > 0) addButton.current?.focus();
  }, [removals]);

  useEffect(() => {
    if (!focusNewTier.current) return;
    document.getElementById(`${id}-${focusNewTier.current}-name`)?.focus();
    focusNewTier.current = null;
  }, [draft.tiers.length, id]);

  const set = (change: Partial<PlanDraft>) => onChange({ ...draft, ...change });
  const setTier = (key: string, change: Partial<TierDraft>) => set({ tiers: draft.tiers.map((tier) => (tier.key === key ? { ...tier, ...change } : tier)) });
  const addTier = () => {
    const tier = emptyTier();
    focusNewTier.current = tier.key;
    set({ tiers: [...draft.tiers, tier] });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  const currency = draft.currency.trim().toUpperCase();

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} aria-busy={saving}>
      <div className={styles.planFields}>
        <TextField
          id={`${id}-name`}
          label="Plan name"
          value={draft.name}
          maxLength={PLAN_FORM_LIMITS.nameMax}
          required
          error={errors.name}
          disabled={saving}
          onChange={(name) => set({ name })}
        />
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className={formStyles.input}
            value={draft.status}
            disabled={saving}
            aria-describedby={`${id}-status-hint`}
            onChange={(event) => set({ status: event.target.value as PlanDraft['status'] })}
          >
            {PLAN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <p id={`${id}-status-hint`} className={formStyles.hint}>
            Only Active plans are sold.
          </p>
        </div>
        {mode === 'create' ? (
          <TextField
            id={`${id}-currency`}
            label="Currency"
            value={draft.currency}
            maxLength={3}
            autoComplete="off"
            hint="Three letters, e.g. USD."
            disabled={saving}
            onChange={(value) => set({ currency: value })}
          />
        ) : (
          <div className={formStyles.field}>
            <span className={formStyles.label}>Platform</span>
            <p className={formStyles.hint}>
              {draft.platform || '—'}
              {currency ? ` · ${currency}` : ''}
            </p>
          </div>
        )}
        {mode === 'create' && (
          <TextField
            id={`${id}-platform`}
            label="Platform"
            value={draft.platform}
            maxLength={PLAN_FORM_LIMITS.platformMax}
            hint="The platform sold, e.g. Spotify; the plan name when left empty. Its pricing page is /services/ and the lower-cased name."
            disabled={saving}
            onChange={(platform) => set({ platform })}
          />
        )}
      </div>

      <section className={styles.form} aria-labelledby={`${id}-tiers`}>
        <div className={styles.tiersHead}>
          <h2 id={`${id}-tiers`} className={styles.tiersTitle}>
            Pricing tiers
          </h2>
          <button ref={addButton} type="button" className="button button--ghost" disabled={saving || draft.tiers.length >= PLAN_FORM_LIMITS.tiersMax} onClick={addTier}>
            Add tier
          </button>
        </div>
        {draft.tiers.length === 0 ? (
          <p className={formStyles.hint}>No tiers yet: add one to sell this plan.</p>
        ) : (
          <ol className={styles.tiers}>
            {draft.tiers.map((tier, index) => (
              <li key={tier.key}>
                <TierFieldset
                  tier={tier}
                  position={index + 1}
                  idPrefix={`${id}-${tier.key}`}
                  currency={currency}
                  errors={errors.tiers[tier.key]}
                  disabled={saving}
                  onChange={(change) => setTier(tier.key, change)}
                  onRemove={() => onRemoveTier(tier)}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className={styles.formActions}>
        <SubmitButton busy={saving}>{mode === 'create' ? 'Create Plan' : 'Save'}</SubmitButton>
        <Link href="/admin/plan" className="button button--ghost">
          Back to Plans
        </Link>
      </div>
    </form>
  );
}
