import { useEffect, useId, useState, type FormEvent } from 'react';
import formStyles from '@growth/kit/form.module.css';
import styles from './Lists.module.css';

interface Props {
  /** The visible label, e.g. 'Search clients'. */
  label: string;
  /** The search in the address; the field follows it (Back, a shared link). */
  value: string;
  placeholder?: string;
  /** A hint under the field (what the search matches). */
  hint?: string;
  onSearch(text: string): void;
}

/**
 * A search field that searches on submit (Enter or the Search button), so the address gets one
 * entry per search, not one per keystroke; Clear empties it and searches again.
 */
export function SearchForm({ label, value, placeholder, hint, onSearch }: Props) {
  const [text, setText] = useState(value);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => setText(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form className={styles.search} role="search" aria-label={label} onSubmit={submit}>
      <label className={formStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.searchRow}>
        <input
          id={inputId}
          className={`${formStyles.input} ${styles.searchInput}`}
          type="search"
          value={text}
          placeholder={placeholder}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
        {value && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
    </form>
  );
}
