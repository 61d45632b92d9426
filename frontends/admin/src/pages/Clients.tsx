import type { ReactNode } from 'react';
import { Spinner } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { ClientCard } from '../clients/ClientCard';
import { ClientsTable } from '../clients/ClientsTable';
import { useWideScreen } from '../layout/useWideScreen';
import { CLIENTS_PAGE_SIZE, useClients } from '../clients/useClients';
import { ListSummary } from '../lists/ListSummary';
import { SearchForm } from '../lists/SearchForm';
import { ErrorBanner, Pager, uiStyles } from '../ui';
import styles from '../lists/Lists.module.css';

/** Registered customers (docs/product.md#admin: clients list): search and paging kept in the address. */
export default function Clients() {
  const { state, page, query, lastPage, goTo, search, retry } = useClients();
  const wide = useWideScreen();

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Failed to load users" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading clients…" />;
  } else {
    const items = Array.isArray(state.data.data) ? state.data.data : [];
    const total = Number(state.data.meta?.total ?? items.length);
    body =
      items.length === 0 ? (
        <p className={uiStyles.empty}>{query ? `No clients match “${query}”.` : 'No clients yet.'}</p>
      ) : (
        <>
          <ListSummary page={page} pageSize={CLIENTS_PAGE_SIZE} shown={items.length} total={total} noun="clients" />
          {wide ? (
            <ClientsTable clients={items} />
          ) : (
            <ul className={styles.grid}>
              {items.map((client) => (
                <li key={client.userId}>
                  <ClientCard client={client} />
                </li>
              ))}
            </ul>
          )}
        </>
      );
  }

  return (
    <AdminLayout title="Clients">
      <div className={styles.stack} aria-busy={state.status === 'loading'}>
        <div className={styles.toolbar}>
          <SearchForm label="Search clients" value={query} placeholder="Name, e-mail or phone" onSearch={search} />
        </div>
        {body}
        {lastPage !== null && state.status !== 'failed' && (
          <Pager page={page} pages={lastPage} onChange={goTo} disabled={state.status === 'loading'} label="Clients pages" />
        )}
      </div>
    </AdminLayout>
  );
}
