import { useId } from 'react';
import { DateField } from '../ui/DateField';
import { FilterSelect } from '../tasks/FilterSelect';
import { AUDIT_KIND_OPTIONS } from './auditSentence';
import type { AuditFilters } from './useAuditLog';
import styles from './Audit.module.css';

interface Props {
  filters: AuditFilters;
  /** The admins the log has shown so far (id → e-mail), for the Who choice. */
  actors: ReadonlyMap<string, string>;
  onRefine(change: Partial<AuditFilters>): void;
}

const KIND_OPTIONS = [{ value: 'all', label: 'Every kind' }, ...AUDIT_KIND_OPTIONS];

/** Who, what kind of action, and from / to (local days, both included): each change asks again from page 1. */
export function AuditFilterBar({ filters, actors, onRefine }: Props) {
  const whoId = useId();
  const kindId = useId();
  const fromId = useId();
  const toId = useId();
  const who = [{ value: '', label: 'Anyone' }, ...[...actors].map(([id, email]) => ({ value: id, label: email }))];
  if (filters.actor && !actors.has(filters.actor)) who.push({ value: filters.actor, label: 'The chosen admin' });
  const filtered = Boolean(filters.actor || filters.kind !== 'all' || filters.from || filters.to);

  return (
    <div className={styles.filters} role="group" aria-label="Filter the audit log">
      <FilterSelect id={whoId} label="Who" value={filters.actor} options={who} onChange={(actor) => onRefine({ actor })} />
      <FilterSelect
        id={kindId}
        label="Kind of action"
        value={filters.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => onRefine({ kind: kind as AuditFilters['kind'] })}
        wide
      />
      <DateField id={fromId} label="From" className={styles.field} value={filters.from} onChange={(from) => onRefine({ from })} />
      <DateField id={toId} label="To" className={styles.field} value={filters.to} min={filters.from} onChange={(to) => onRefine({ to })} />
      {filtered && (
        <button type="button" className="button button--ghost" onClick={() => onRefine({ actor: '', kind: 'all', from: '', to: '' })}>
          Clear filters
        </button>
      )}
    </div>
  );
}
