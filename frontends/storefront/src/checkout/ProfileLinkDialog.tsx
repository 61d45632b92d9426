import { useId, useState, type FormEvent } from 'react';
import { profileLinkPlaceholder, PLATFORM_LINK_RULES } from '@growth/kit/profile-links';
import { Dialog, FormActions } from './Dialog';
import { checkProfileLink } from './profileLink';
import styles from './ProfileLinkDialog.module.css';

interface Props {
  /** e.g. "YouTube · Growth · $49.99" */
  summary: string;
  /** The order is being created. */
  busy: boolean;
  /** Why the order could not be created (the server's words, or the spec's fallback). */
  orderError: string | null;
  /** The plan's slug: which platform's links the field takes (docs/catalogue.md, "Profile links"). */
  platformSlug: string;
  /** The link typed before (Try again after a declined payment keeps it). */
  initialLink?: string;
  onSubmit(profileLink: string): void;
  onCancel(): void;
}

/** Step 2 of checkout: the link of the profile to grow (docs/product.md#checkout-and-payments, docs/product.md#validation). */
export function ProfileLinkDialog({ summary, busy, orderError, platformSlug, initialLink = '', onSubmit, onCancel }: Props) {
  const [link, setLink] = useState(initialLink);
  const platform = PLATFORM_LINK_RULES[platformSlug.toLowerCase()];
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkProfileLink(link, platformSlug);
    if (!checked.ok) {
      setError(checked.error);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(null);
    setLink(checked.value); // shows what will be stored: https:// added, a handle made a link
    onSubmit(checked.value);
  };

  return (
    <Dialog
      title="Enter your profile link"
      eyebrow={summary}
      onClose={onCancel}
      locked={busy}
      actions={<FormActions formId={formId} busy={busy} submitLabel={'Continue to Payment'} onCancel={onCancel} />}
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          Profile link
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={profileLinkPlaceholder(platformSlug)}
          value={link}
          onChange={(event) => {
            setLink(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          readOnly={busy}
          data-autofocus
        />
        <p id={hintId} className={styles.hint}>
          {platform
            ? `The public ${platform.name} page we deliver to: a link (${platform.hosts[0]}/…) or your @handle. We never ask for your password.`
            : 'The public page, channel or account we deliver to. We never ask for your password.'}
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
