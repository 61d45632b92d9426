import { useId, useState, type FormEvent } from 'react';
import { adminApi, type MappingAnswer, type ProviderService, type TierMapping } from '@growth/kit';
import formStyles from '@growth/kit/form.module.css';
import { ErrorBanner, TextField } from '../ui';
import { decimalText } from '../fulfilment/fulfilmentTypes';
import {
  REFILL_DAYS_INVALID,
  chargePerOrder,
  count,
  mappingText,
  quantityError,
  refillDaysOf,
  savedRefillDays,
  serviceDetailText,
  serviceOptionText,
  servicesByCategory,
} from './tierFulfilment';
import styles from '../fulfilment/Fulfilment.module.css';
import refillStyles from '../fulfilment/Refill.module.css';

interface Props {
  pricingId: string;
  /** 'Tier 1: Starter', as the tier's fieldset above names it. */
  title: string;
  services: ProviderService[];
  /** The saved mapping; null: the tier is fulfilled by hand. */
  mapping: TierMapping | null;
  onSaved(mapping: TierMapping | null): void;
}

const MANUAL = '';

/** 'Per order, between 100 and 1,000,000. The provider charges 1.50 per order.' */
function quantityHint(service: ProviderService | undefined, quantity: string): string {
  if (!service) return 'Per order.';
  const range = `Per order, between ${count(service.min)} and ${count(service.max)}.`;
  const charge = chargePerOrder(service.rate, quantity);
  return charge ? `${range} The provider charges ${decimalText(charge)} per order.` : range;
}

/**
 * How one saved tier is fulfilled: a provider service (grouped by category, with rate per 1000 and
 * min–max), the quantity ordered per purchase and, on a service that refills, the days of refill
 * guarantee the tier promises (docs/refill.md), or Manual; its own Save (POST
 * /admin/fulfilment/mapping). The quantity is checked against the service's range and the days
 * against 0–365 before sending; on a service without refill the days field is disabled and says why.
 */
export function TierFulfilmentRow({ pricingId, title, services, mapping, onSaved }: Props) {
  const id = useId();
  const [serviceId, setServiceId] = useState(mapping?.serviceId ?? MANUAL);
  const [quantity, setQuantity] = useState(mapping ? String(mapping.quantity) : '');
  const [refillDays, setRefillDays] = useState(String(savedRefillDays(mapping)));
  const [error, setError] = useState<string | null>(null);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saved, setSaved] = useState('');

  const chosen = services.find((service) => service.service === serviceId);
  const groups = servicesByCategory(services);
  // A mapped service the provider no longer lists stays selectable, so the select shows the truth.
  const gone = mapping && !services.some((service) => service.service === mapping.serviceId) ? mapping : null;
  // Only a service that refills can carry a guarantee; the server refuses days on any other.
  const refills = chosen?.refill === true;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    setSaveError(null);
    const manual = serviceId === MANUAL;
    const found = manual ? null : quantityError(quantity, chosen);
    const days = refills ? refillDaysOf(refillDays) : 0;
    const foundDays = !manual && days === null ? REFILL_DAYS_INVALID : null;
    setError(found);
    setDaysError(foundDays);
    if (found || foundDays) {
      document.getElementById(found ? `${id}-quantity` : `${id}-refill`)?.focus();
      return;
    }
    setBusy(true);
    try {
      // Days go only with a service that refills: without them the server keeps none (0).
      const body = manual ? { pricingId, serviceId: null } : { pricingId, serviceId, quantity: Number(quantity.trim()), ...(refills ? { refillDays: days } : {}) };
      const answer = await adminApi.post<MappingAnswer>('/admin/fulfilment/mapping', body);
      const next = answer.mapping && typeof answer.mapping === 'object' ? answer.mapping : null;
      onSaved(next);
      if (next) setRefillDays(String(savedRefillDays(next)));
      setSaved(`Saved: ${mappingText(next)}.`);
    } catch (failure) {
      setSaveError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.tier} noValidate onSubmit={(event) => void save(event)} aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h3 id={`${id}-title`} className={styles.tierTitle}>
        {title}
      </h3>
      <p className={styles.muted}>Now: {mappingText(mapping)}</p>
      {saveError !== null && <ErrorBanner title="Save failed" error={saveError} />}
      <div className={styles.tierFields}>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-service`}>
            Provider service
          </label>
          <select
            id={`${id}-service`}
            className={formStyles.input}
            value={serviceId}
            disabled={busy}
            aria-describedby={chosen ? `${id}-chosen` : undefined}
            onChange={(event) => {
              setServiceId(event.target.value);
              setError(null);
              setDaysError(null);
              setSaved('');
            }}
          >
            <option value={MANUAL}>Manual (staff complete it)</option>
            {gone && <option value={gone.serviceId}>{`#${gone.serviceId} ${gone.serviceName || ''} · no longer offered by the provider`}</option>}
            {groups.map((group) => (
              <optgroup key={group.category} label={group.category}>
                {group.services.map((service) => (
                  <option key={service.service} value={service.service}>
                    {serviceOptionText(service)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {/* The select cuts a long service name (and the rate after it) on a phone: here in full, with refill and cancel. */}
          {chosen && (
            <p id={`${id}-chosen`} className={formStyles.hint}>
              {serviceDetailText(chosen)}
            </p>
          )}
        </div>
        {serviceId !== MANUAL && (
          <TextField
            id={`${id}-quantity`}
            label="Quantity"
            value={quantity}
            inputMode="numeric"
            autoComplete="off"
            hint={quantityHint(chosen, quantity)}
            error={error}
            disabled={busy}
            onChange={(value) => {
              setQuantity(value);
              setSaved('');
            }}
          />
        )}
        {serviceId !== MANUAL && (
          <div className={refillStyles.days}>
            <TextField
              id={`${id}-refill`}
              label="Refill guarantee (days)"
              value={refills ? refillDays : '0'}
              inputMode="numeric"
              autoComplete="off"
              hint={
                refills ? 'From 0 (none) to 365, counted from completion. The pricing card shows it.' : 'This service has no refill, so the tier carries no guarantee.'
              }
              error={daysError}
              disabled={busy || !refills}
              onChange={(value) => {
                setRefillDays(value);
                setDaysError(null);
                setSaved('');
              }}
            />
          </div>
        )}
      </div>
      <div className={styles.tierFoot}>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          Save fulfilment<span className="kit-visually-hidden"> of {title}</span>
        </button>
        <p className={styles.report} role="status">
          {saved}
        </p>
      </div>
    </form>
  );
}
