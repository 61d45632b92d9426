import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Logo } from '@growth/kit';
import { Icon } from '../components/Icon';
import styles from './CatalogueBar.module.css';

const SEARCH_ID = 'catalogue-search';

interface Props {
  searchOpen: boolean;
  onToggleSearch(): void;
  query: string;
  onQueryChange(value: string): void;
}

/** The catalogue's own top bar (the shell hides the public header on /services): logo, home, search toggle. */
export function CatalogueBar({ searchOpen, onToggleSearch, query, onQueryChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(searchOpen);

  useEffect(() => {
    if (searchOpen) input.current?.focus();
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = searchOpen;
  }, [searchOpen]);

  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <Logo />
        <div className={styles.actions}>
          <Link href="/" className={styles.home}>
            <Icon name="arrowLeft" size={18} />
            <span>Back to Home</span>
          </Link>
          <button
            ref={toggle}
            type="button"
            className={styles.toggle}
            aria-expanded={searchOpen}
            aria-controls={SEARCH_ID}
            aria-label={searchOpen ? 'Close search' : 'Search services'}
            onClick={onToggleSearch}
          >
            <Icon name={searchOpen ? 'close' : 'search'} size={20} />
          </button>
        </div>
      </div>
      <div id={SEARCH_ID} className={styles.searchRow} hidden={!searchOpen}>
        <form
          role="search"
          className={styles.search}
          onSubmit={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onToggleSearch();
          }}
        >
          <label htmlFor="catalogue-search-input" className="kit-visually-hidden">
            Search services
          </label>
          <Icon name="search" size={20} className={styles.searchIcon} />
          <input
            ref={input}
            id="catalogue-search-input"
            type="search"
            className={styles.input}
            placeholder="Search services, e.g. YouTube"
            autoComplete="off"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
          />
        </form>
      </div>
    </div>
  );
}
