import type { TextareaHTMLAttributes } from 'react';
import styles from '@growth/kit/form.module.css';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
}

/** A labelled multi-line text box. */
export function TextArea({ id, label, value, onChange, hint, className = '', ...area }: Props) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        {...area}
        id={id}
        className={`${styles.input} ${className}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
