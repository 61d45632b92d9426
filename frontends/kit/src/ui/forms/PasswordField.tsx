import { useState } from 'react';
import { FieldNotes, describedBy } from './FieldNotes';
import styles from './Form.module.css';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | null;
  hint?: string;
  optional?: boolean;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/**
 * A password input with its own show/hide toggle (a pressed-state button named after the field,
 * e.g. "Show password", "Show new password"), hidden at first; with its hint and error.
 */
export function PasswordField({ id, label, value, onChange, autoComplete, error, hint, optional }: Props) {
  const [visible, setVisible] = useState(false);
  const name = label.toLowerCase();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label} {optional && <span className={styles.optional}>(optional)</span>}
      </label>
      <div className={styles.passwordWrap}>
        <input
          id={id}
          className={styles.input}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-label={visible ? `Hide ${name}` : `Show ${name}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
