import { useEffect, useRef } from 'react';
import type { ContentRow } from './serviceForm';
import { uiStyles } from '../ui';
import form from '@growth/kit/form.module.css';
import styles from './Services.module.css';

interface Props {
  rows: ContentRow[];
  onChange(uid: string, field: 'key' | 'value', text: string): void;
  onAdd(): void;
  onRemove(row: ContentRow): void;
  /** The row whose removal is under way (a saved item being deleted on the server). */
  removing: string | null;
  disabled?: boolean;
  invalid?: boolean;
}

/** The service's content items: key/value rows, Add item, Remove per row. A new row's key gets the focus. */
export function ContentRows({ rows, onChange, onAdd, onRemove, removing, disabled = false, invalid = false }: Props) {
  const count = useRef(rows.length);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (rows.length > count.current) document.getElementById(`content-key-${rows[rows.length - 1].uid}`)?.focus();
    else if (rows.length < count.current && !document.activeElement?.closest('fieldset')) addButton.current?.focus();
    count.current = rows.length;
  }, [rows]);

  return (
    <fieldset className={styles.fieldset} aria-invalid={invalid || undefined} id="service-content">
      <legend className={uiStyles.legend}>Content items</legend>
      <p className={form.hint}>Shown on the service card, e.g. “Views” – “1K to 100K”. Empty rows are left out.</p>
      {rows.map((row, index) => (
        <div key={row.uid} className={styles.row}>
          <div className={form.field}>
            <label className={form.label} htmlFor={`content-key-${row.uid}`}>
              Key {index + 1}
            </label>
            <input
              id={`content-key-${row.uid}`}
              className={form.input}
              value={row.key}
              onChange={(event) => onChange(row.uid, 'key', event.target.value)}
              disabled={disabled}
            />
          </div>
          <div className={form.field}>
            <label className={form.label} htmlFor={`content-value-${row.uid}`}>
              Value {index + 1}
            </label>
            <input
              id={`content-value-${row.uid}`}
              className={form.input}
              value={row.value}
              onChange={(event) => onChange(row.uid, 'value', event.target.value)}
              disabled={disabled}
            />
          </div>
          <button
            type="button"
            className={`button ${styles.remove}`}
            onClick={() => onRemove(row)}
            disabled={disabled || removing !== null}
            aria-busy={removing === row.uid}
            aria-label={`Remove item ${index + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button ref={addButton} type="button" className={`button button--ghost ${styles.addRow}`} onClick={onAdd} disabled={disabled}>
        Add item
      </button>
    </fieldset>
  );
}
