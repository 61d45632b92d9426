import type { ClientRow } from '@growth/kit';
import { useId } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../ui';
import { FieldRows } from '../lists/FieldRows';
import styles from '../lists/Lists.module.css';

function count(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** One client: name, e-mail, phone, country, joined (en-IN), service counts and a link to their services. */
export function ClientCard({ client }: { client: ClientRow }) {
  const titleId = useId();
  const name = client.name?.trim() || client.email || '—';
  const services = client.subscriptions ?? {};
  const rows = [
    { label: 'E-mail', value: client.email || '—' },
    { label: 'Phone', value: client.phone || '—' },
    { label: 'Country', value: client.country || '—' },
    { label: 'Joined', value: formatDate(client.createdAt) },
  ];

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.name}>
        {name}
      </h2>
      <FieldRows rows={rows} />
      <ul className={styles.counts} aria-label="Services">
        <li className={styles.count}>{count(services.total)} total</li>
        <li className={styles.count}>{count(services.active)} active</li>
        <li className={styles.count}>{count(services.completed)} completed</li>
      </ul>
      <div className={styles.cardActions}>
        <Link href={`/admin/user-services/${encodeURIComponent(client.userId)}`} className="button button--ghost">
          View services<span className="kit-visually-hidden"> of {name}</span>
        </Link>
      </div>
    </article>
  );
}
