import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { Country } from '@growth/kit';
import { Flag } from './Flag';
import { countryMatches, displayCallingCode, usFirst } from './countryFilter';
import styles from './CountryCombobox.module.css';

interface Props {
  id: string;
  /** Accessible name; shown as a label unless `labelHidden`. */
  label: string;
  labelHidden?: boolean;
  /** 'country' lists flag and name; 'calling' lists flag and calling code, the US first. */
  kind: 'country' | 'calling';
  countries: Country[];
  /** The chosen country's _id, or ''. */
  value: string;
  onChange(id: string): void;
  placeholder?: string;
  /** Ids of notes about the field shown beside it (aria-describedby). */
  describedBy?: string;
}

function optionText(country: Country, kind: Props['kind']): string {
  return kind === 'calling' ? displayCallingCode(country.callingCode) : country.countryName;
}

/**
 * A searchable select (WAI-ARIA combobox with a listbox popup): type to filter by country name,
 * country code or calling code ('+' ignored); Up/Down move, Enter picks, Escape closes.
 */
export function CountryCombobox({ id, label, labelHidden, kind, countries, value, onChange, placeholder, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const ordered = useMemo(() => (kind === 'calling' ? usFirst(countries) : countries), [countries, kind]);
  const options = useMemo(() => ordered.filter((c) => countryMatches(c, query)), [ordered, query]);
  const selected = useMemo(() => countries.find((c) => c._id === value) ?? null, [countries, value]);
  const listId = `${id}-listbox`;
  const optionId = (c: Country) => `${id}-option-${c._id}`;
  const activeOption = open ? options[active] : undefined;

  // Keep the highlighted option in view while moving with the keyboard.
  const activeId = activeOption ? optionId(activeOption) : undefined;
  useEffect(() => {
    if (!activeId) return;
    const element = document.getElementById(activeId);
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const openList = () => {
    if (open) return;
    const index = selected ? ordered.findIndex((c) => c._id === selected._id) : 0;
    setQuery('');
    setActive(Math.max(index, 0));
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const pick = (country: Country) => {
    onChange(country._id);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(options.length - 1, 0));
        }
        break;
      case 'Enter':
        if (open) {
          event.preventDefault(); // never submit the form while choosing
          if (activeOption) pick(activeOption);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  const shown = open ? query : selected ? optionText(selected, kind) : '';

  return (
    <div className={styles.combobox}>
      <label htmlFor={id} className={labelHidden ? 'kit-visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${open ? styles.controlOpen : ''}`}>
        {selected && !open && <Flag flag={selected.flag} code={selected.countryCode} />}
        <input
          id={id}
          className={styles.input}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          placeholder={open ? 'Search…' : placeholder}
          value={shown}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onClick={openList}
          onBlur={close}
        />
        <span className={styles.chevron} aria-hidden="true" />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className={styles.list}
        hidden={!open}
        // Keep focus in the input while clicking an option.
        onMouseDown={(event) => event.preventDefault()}
      >
        {open && options.length === 0 && (
          <li className={styles.empty} role="presentation">
            {countries.length ? 'No matches' : 'Countries are not available right now'}
          </li>
        )}
        {open &&
          options.map((country, index) => (
            <li
              key={country._id}
              id={optionId(country)}
              role="option"
              aria-selected={country._id === value}
              className={`${styles.option} ${index === active ? styles.optionActive : ''}`}
              onClick={() => pick(country)}
              onMouseMove={() => index !== active && setActive(index)}
            >
              <Flag flag={country.flag} code={country.countryCode} />
              <span className={styles.optionText}>{optionText(country, kind)}</span>
              {kind === 'calling' && <span className={styles.optionHint}>{country.countryName}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}
