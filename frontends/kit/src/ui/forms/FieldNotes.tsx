import styles from './Form.module.css';

/** The ids a field's aria-describedby names: its hint, then its error (each when shown). */
export function describedBy(id: string, hint?: string | null, error?: string | null): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and error lines, under the input (ids `<id>-hint`, `<id>-error`). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string | null; error?: string | null }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
