import { useId, useState, type FormEvent } from 'react';
import { Dialog } from './Dialog';
import { checkProfileLink } from './profileLink';
import styles from './ProfileLinkDialog.module.css';

interface Props {
  /** e.g. "YouTube · Growth · $49.99" */
  summary: string;
  /** The order is being created. */
  busy: boolean;
  /** Why the order could not be created (the server's words, or the spec's fallback). */
  orderError: string | null;
  onSubmit(profileLink: string): void;
  onCancel(): void;
}

/** Step 2 of checkout: the link of the profile to grow (docs/product.md#checkout-and-payments, docs/product.md#validation). */
export function ProfileLinkDialog({ summary, busy, orderError, onSubmit, onCancel }: Props) {
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkProfileLink(link);
    if (!checked.ok) {
      setError(checked.error);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(null);
    onSubmit(checked.value);
  };

  return (
    <Dialog
      title="Enter your profile link"
      eyebrow={summary}
      onClose={onCancel}
      locked={busy}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Processing…' : 'Continue to Payment'}
          </button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          Profile link
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.youtube.com/@yourchannel"
          value={link}
          onChange={(event) => setLink(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          readOnly={busy}
          data-autofocus
        />
        <p id={hintId} className={styles.hint}>
          The public page, channel or account we deliver to. We never ask for your password.
        </p>
        {error && (
          <p id={errorId} className={styles.fieldError} role="alert">
            {error}
          </p>
        )}
        {orderError && (
          <p className={styles.alert} role="alert">
            {orderError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
