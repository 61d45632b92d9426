import { useId, useState } from 'react';
import { PLATFORMS } from '@growth/kit';
import formStyles from '@growth/kit/form.module.css';
import { ErrorBanner, Toast } from '../ui';
import { downloadExport, type ExportKind } from './downloadExport';
import styles from './Overview.module.css';

interface Props {
  from: string;
  to: string;
  tz: string;
  /** e.g. '4 Jan 2026 – 10 Jan 2026', said on the buttons' hint. */
  periodText: string;
}

const STATUSES = [
  { value: '', label: 'Any payment status' },
  { value: 'paid', label: 'Paid' },
  { value: 'created', label: 'Not paid yet' },
  { value: 'failed', label: 'Failed' },
];

/**
 * CSV exports of the chosen period (docs/reports.md, "Exports"): orders made in it (by payment
 * status and platform) and customers registered in it (by platform).
 */
export function ExportPanel({ from, to, tz, periodText }: Props) {
  const [platform, setPlatform] = useState('');
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const platformId = useId();
  const statusId = useId();
  const qId = useId();
  const hintId = useId();

  const run = async (kind: ExportKind) => {
    setBusy(kind);
    setError(null);
    try {
      const name = await downloadExport(kind, { from, to, tz, platform, status, q });
      setDone(`${name} downloaded`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="overview-export">
      <h2 id="overview-export" className={styles.sectionTitle}>
        Export
      </h2>
      <p id={hintId} className={styles.muted}>
        CSV files of {periodText}: the orders made and the customers who registered in it.
      </p>
      <div className={styles.exportFilters}>
        <div className={styles.field}>
          <label className={formStyles.label} htmlFor={platformId}>
            Platform
          </label>
          <select id={platformId} className={formStyles.input} value={platform} onChange={(event) => setPlatform(event.target.value)}>
            <option value="">All platforms</option>
            {PLATFORMS.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={formStyles.label} htmlFor={statusId}>
            Orders' payment
          </label>
          <select id={statusId} className={formStyles.input} value={status} onChange={(event) => setStatus(event.target.value)}>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={formStyles.label} htmlFor={qId}>
            Matching
          </label>
          <input
            id={qId}
            type="search"
            className={formStyles.input}
            value={q}
            maxLength={254}
            placeholder="Order ID, e-mail or name"
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
      </div>
      <div className={styles.exportButtons}>
        <button type="button" className="button button--primary" aria-describedby={hintId} disabled={busy !== null} onClick={() => void run('orders')}>
          {busy === 'orders' ? 'Preparing orders…' : 'Export orders (CSV)'}
        </button>
        <button type="button" className="button button--ghost" aria-describedby={hintId} disabled={busy !== null} onClick={() => void run('customers')}>
          {busy === 'customers' ? 'Preparing customers…' : 'Export customers (CSV)'}
        </button>
      </div>
      {error !== null && <ErrorBanner title="Export failed" error={error} />}
      <Toast message={done} durationMs={4000} onDone={() => setDone(null)} />
    </section>
  );
}
