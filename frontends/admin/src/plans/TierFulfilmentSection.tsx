import { useId, type ReactNode } from 'react';
import { Spinner, type MappingsAnswer, type ServicesAnswer, type TierMapping } from '@growth/kit';
import { useAdminGet } from '../data/useAdminPost';
import { ErrorBanner } from '../ui';
import type { TierDraft } from './planForm';
import { TierFulfilmentRow } from './TierFulfilmentRow';
import styles from '../fulfilment/Fulfilment.module.css';
import planStyles from './Plans.module.css';

interface Props {
  /** The saved plan's id; null while creating it. */
  planId: string | null;
  /** The tiers as the form holds them: saved ones (with pricingId) can be mapped. */
  tiers: TierDraft[];
}

const NO_QUERY = {};

const titleOf = (tier: TierDraft, position: number) => (tier.name.trim() ? `Tier ${position}: ${tier.name.trim()}` : `Tier ${position}`);

/**
 * The plan editor's "Fulfilment" section (docs/fulfilment.md): for each saved tier, the provider service and
 * quantity it is ordered with, or Manual. Asks the provider's services (GET
 * /admin/fulfilment/services) once a tier is saved, then the plan's mappings (GET
 * /admin/fulfilment/mappings?planId=) when the provider is an API v2 panel. With the manual
 * provider it only says that automatic fulfilment is off.
 */
export function TierFulfilmentSection({ planId, tiers }: Props) {
  const id = useId();
  const anySaved = tiers.some((tier) => tier.pricingId);
  const services = useAdminGet<ServicesAnswer>('/admin/fulfilment/services', anySaved ? NO_QUERY : null);
  const apiV2 = services.state.status === 'loaded' && services.state.data.provider === 'api-v2';
  const mappings = useAdminGet<MappingsAnswer>('/admin/fulfilment/mappings', apiV2 && planId ? { planId } : null);

  let body: ReactNode;
  if (!anySaved) {
    body = <p className={styles.muted}>Save the plan first to choose how its tiers are fulfilled.</p>;
  } else if (services.state.status === 'failed') {
    body = <ErrorBanner title="Failed to load the provider's services" error={services.state.error} onRetry={services.retry} />;
  } else if (services.state.status === 'loading') {
    body = <Spinner label="Loading the provider's services…" />;
  } else if (!apiV2) {
    body = <p className={styles.text}>Automatic fulfilment is off: orders of this plan are completed by hand.</p>;
  } else if (mappings.state.status === 'failed') {
    body = <ErrorBanner title="Failed to load how the tiers are fulfilled" error={mappings.state.error} onRetry={mappings.retry} />;
  } else if (mappings.state.status === 'loading') {
    body = <Spinner label="Loading how the tiers are fulfilled…" />;
  } else {
    const offered = Array.isArray(services.state.data.services) ? services.state.data.services : [];
    const saved = Array.isArray(mappings.state.data.mappings) ? mappings.state.data.mappings : [];
    const setMapping = (pricingId: string, mapping: TierMapping | null) =>
      mappings.update((data) => ({
        ...data,
        mappings: [...(data.mappings ?? []).filter((row) => row.pricingId !== pricingId), ...(mapping ? [mapping] : [])],
      }));
    body = (
      <>
        {offered.length === 0 && <p className={styles.muted}>The provider lists no services: every tier stays manual.</p>}
        <ol className={planStyles.tiers}>
          {tiers.map((tier, index) => (
            <li key={tier.key}>
              {tier.pricingId ? (
                <TierFulfilmentRow
                  pricingId={tier.pricingId}
                  title={titleOf(tier, index + 1)}
                  services={offered}
                  mapping={saved.find((row) => row.pricingId === tier.pricingId) ?? null}
                  onSaved={(mapping) => setMapping(tier.pricingId as string, mapping)}
                />
              ) : (
                <div className={styles.tier}>
                  <h3 className={styles.tierTitle}>{titleOf(tier, index + 1)}</h3>
                  <p className={styles.muted}>Save the plan first to choose how this tier is fulfilled.</p>
                </div>
              )}
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Fulfilment
      </h2>
      <p className={styles.muted}>How each tier's orders are delivered: through the provider panel, or by hand.</p>
      {body}
    </section>
  );
}
