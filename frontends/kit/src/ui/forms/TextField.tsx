import type { InputHTMLAttributes } from 'react';
import { FieldNotes, describedBy } from './FieldNotes';
import styles from './Form.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  /** Marks the field invalid when the message is shown elsewhere (e.g. a form banner). */
  invalid?: boolean;
  hint?: string;
}

/** A labelled input with its hint and error (aria-invalid, aria-describedby). */
export function TextField({ id, label, value, onChange, error, invalid = false, hint, className = '', ...input }: Props) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={`${styles.input} ${className}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
