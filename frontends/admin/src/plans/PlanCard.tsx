import type { PlanSummary } from '@growth/kit';
import { useId } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../ui';
import { PlanStatusChip } from './PlanStatusChip';
import { FieldRows } from '../lists/FieldRows';
import styles from '../lists/Lists.module.css';

interface Props {
  plan: PlanSummary;
  onDelete(plan: PlanSummary): void;
}

/** One plan: name, status, platform, tiers count, last change; Edit and Delete. */
export function PlanCard({ plan, onDelete }: Props) {
  const titleId = useId();
  const name = plan.name || '—';
  const rows = [
    { label: 'Platform', value: plan.platform || '—' },
    { label: 'Tiers', value: String(Number.isFinite(plan.tiers) ? plan.tiers : 0) },
    { label: 'Currency', value: plan.currency || '—' },
    { label: 'Updated', value: formatDate(plan.updatedAt) },
  ];
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <h2 id={titleId} className={styles.name}>
          {name}
        </h2>
        <PlanStatusChip status={plan.status} />
      </header>
      <FieldRows rows={rows} />
      <div className={styles.cardActions}>
        <Link href={`/admin/edit-plan/${encodeURIComponent(plan.planId)}`} className="button button--ghost">
          Edit<span className="kit-visually-hidden"> {name}</span>
        </Link>
        <button type="button" className={`button button--ghost ${styles.danger}`} onClick={() => onDelete(plan)}>
          Delete<span className="kit-visually-hidden"> {name}</span>
        </button>
      </div>
    </article>
  );
}
