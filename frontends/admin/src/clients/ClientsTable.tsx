import type { ClientRow } from '@growth/kit';
import { useState } from 'react';
import { Link } from 'wouter';
import { SortHeader, type SortOrder } from '../lists/SortHeader';
import { formatDate } from '../ui';
import styles from '../lists/Table.module.css';

type SortKey = 'name' | 'createdAt' | 'total';

const count = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

const displayName = (client: ClientRow) => client.name?.trim() || client.email || '—';

function compare(a: ClientRow, b: ClientRow, key: SortKey): number {
  switch (key) {
    case 'name':
      return displayName(a).localeCompare(displayName(b), undefined, { sensitivity: 'base' });
    case 'total':
      return count(a.subscriptions?.total) - count(b.subscriptions?.total);
    case 'createdAt':
    default:
      return String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? ''));
  }
}

/**
 * The clients at desktop width: name over e-mail, phone, country, joined, services (total, active,
 * completed) and View services in an aligned column. The server pages the list (10 a page, newest
 * first) and takes no sort, so a column sorts the rows of this page; the hint says so.
 */
export function ClientsTable({ clients }: { clients: ClientRow[] }) {
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder } | null>(null);
  const rows = sort ? [...clients].sort((a, b) => (sort.order === 'asc' ? 1 : -1) * compare(a, b, sort.key)) : clients;
  const orderOf = (key: SortKey) => (sort?.key === key ? sort.order : null);
  const sortBy = (key: SortKey) =>
    setSort((current) => ({ key, order: current?.key === key ? (current.order === 'asc' ? 'desc' : 'asc') : key === 'createdAt' || key === 'total' ? 'desc' : 'asc' }));

  return (
    <>
      <p className={styles.hint}>The column headers sort the clients of this page.</p>
      <div className={styles.wrap}>
        <table className={styles.table} aria-label="Clients">
          <thead>
            <tr>
              <SortHeader label="Client" order={orderOf('name')} onSort={() => sortBy('name')} />
              <th scope="col">Phone</th>
              <th scope="col">Country</th>
              <SortHeader label="Joined" order={orderOf('createdAt')} onSort={() => sortBy('createdAt')} />
              <SortHeader label="Services" order={orderOf('total')} onSort={() => sortBy('total')} className={styles.number} />
              <th scope="col" className={styles.number}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((client) => {
              const services = client.subscriptions ?? {};
              const name = displayName(client);
              return (
                <tr key={client.userId}>
                  <th scope="row">
                    <span className={styles.primary}>{name}</span>
                    {client.email && client.email !== name && <span className={styles.secondary}>{client.email}</span>}
                  </th>
                  <td className={styles.nowrap}>{client.phone || '—'}</td>
                  <td>{client.country || '—'}</td>
                  <td className={styles.nowrap}>{formatDate(client.createdAt)}</td>
                  <td className={`${styles.number} ${styles.counts}`}>
                    {count(services.total)} total
                    <span className={styles.secondary}>
                      {count(services.active)} active · {count(services.completed)} completed
                    </span>
                  </td>
                  <td className={styles.actionsCell}>
                    <div className={styles.actions}>
                      <Link href={`/admin/user-services/${encodeURIComponent(client.userId)}`} className="button button--ghost">
                        View services<span className="kit-visually-hidden"> of {name}</span>
                      </Link>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
