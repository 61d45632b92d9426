import { useEffect, useState } from 'react';
import { useServiceList } from '../catalogue/useServiceList';
import { CatalogueBar } from '../catalogue/CatalogueBar';
import { PageHeader } from '../components/PageHeader';
import { ServiceCard } from '../components/ServiceCard';
import styles from './Catalogue.module.css';

/** The catalogue shows up to 100 services (docs/product.md#limits). */
const CATALOGUE_LIMIT = 100;
/** Server-side search waits this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** Catalogue `/services` (docs/product.md#screens-and-routes): own top bar with a search toggle, service cards, states. */
export default function Catalogue() {
  const [searchOpen, setSearchOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');

  // Debounce the typed text into the search sent to the server.
  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed === search) return;
    const timer = setTimeout(() => setSearch(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  const state = useServiceList(CATALOGUE_LIMIT, search);

  const toggleSearch = () => {
    if (searchOpen) setQuery('');
    setSearchOpen((open) => !open);
  };

  const summary =
    state.status === 'loaded'
      ? state.search
        ? `${state.services.length} ${state.services.length === 1 ? 'service' : 'services'} found for “${state.search}”`
        : `${state.services.length} ${state.services.length === 1 ? 'service' : 'services'}`
      : '';

  return (
    <div className={styles.page}>
      <CatalogueBar searchOpen={searchOpen} onToggleSearch={toggleSearch} query={query} onQueryChange={setQuery} />

      <PageHeader
        variant="plain"
        titleId="catalogue-title"
        eyebrow="Catalogue"
        title="Our Services"
        lead="Real, organic engagement for every platform you grow on. Pick a service to see its packages and prices."
      />

      <div className={styles.content}>
        <p className={styles.summary} role="status">
          {state.status === 'loading' ? 'Loading services...' : summary}
        </p>

        {state.status === 'error' && (
          <div className={styles.error} role="alert">
            <p>{'Error: ' + state.message}</p>
            <button type="button" className="button button--primary" onClick={state.retry}>
              Try again
            </button>
          </div>
        )}

        {state.status === 'loaded' &&
          (state.services.length > 0 ? (
            <ul className={styles.grid} data-testid="catalogue-grid">
              {state.services.map((service) => (
                <li key={service.serviceId} className={styles.item}>
                  <ServiceCard service={service} variant="catalogue" />
                </li>
              ))}
            </ul>
          ) : (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>No services found.</p>
              <p>{state.search ? 'Try another search term or clear the search.' : 'Please check back soon.'}</p>
              {state.search && (
                <button type="button" className="button button--ghost" onClick={() => setQuery('')}>
                  Clear search
                </button>
              )}
            </div>
          ))}
      </div>
    </div>
  );
}
