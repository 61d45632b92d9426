import type { AdminSubscription } from '@growth/kit';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useModalDialog } from '@growth/kit/ui';
import form from '@growth/kit/form.module.css';
import styles from '../ui/ConfirmDialog.module.css';
import own from './LinkOrderDialog.module.css';

interface Props {
  subscription: AdminSubscription;
  /** While the link is being checked with the provider: the buttons are disabled, Escape ignored. */
  busy: boolean;
  /** The server's refusal of the last try (unknown id, not in review any more, provider down). */
  error: string | null;
  /** The trimmed id, never empty. */
  onLink(upstreamOrderId: string): void;
  onEdit(): void;
  onCancel(): void;
}

/**
 * Link panel order: staff give the id of the order they found on the provider panel, for an order
 * that needs review (after a timeout it usually WAS placed). A modal <dialog> like ConfirmDialog:
 * the field has the focus first, Enter submits, Tab stays inside, Escape or Keep it closes and the
 * focus returns to the opener. A refusal is shown under the field and the dialog stays open, the
 * field focused with what was typed, so a typo is fixed in place.
 */
export function LinkOrderDialog({ subscription, busy, error, onLink, onEdit, onCancel }: Props) {
  const modal = useModalDialog({ onEscape: onCancel, locked: busy });
  const titleId = useId();
  const textId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const id = value.trim();

  // After a refusal the field takes the focus back (the button had it, and was disabled meanwhile).
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (id === '' || busy) return;
    onLink(id);
  };

  const customer = subscription.customer?.email ? ` of ${subscription.customer.email}` : '';
  return (
    <dialog {...modal} className={`${styles.dialog} ${own.dialog}`} aria-labelledby={titleId} aria-describedby={textId}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className={styles.title}>
          Link panel order
        </h2>
        <div id={textId} className={styles.text}>
          <p>
            The {subscription.planName || 'subscription'} order {subscription.orderId || '—'}
            {customer} needs review.
          </p>
          <p>Found the order on the provider panel? Link it here and it is followed like any other, with no second order.</p>
        </div>
        <div className={`${form.field} ${own.field}`}>
          <label className={form.label} htmlFor={inputId}>
            Order id on the provider panel
          </label>
          <input
            ref={input}
            data-autofocus
            id={inputId}
            className={`${form.input} ${own.input}`}
            type="text"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="done"
            maxLength={64}
            placeholder="e.g. 123456"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) onEdit();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error && (
            <p id={`${inputId}-error`} role="alert" className={`${form.error} ${own.error}`}>
              {error}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            Keep it
          </button>
          <button type="submit" className="button button--primary" disabled={id === '' || busy} aria-busy={busy}>
            Link order
          </button>
        </div>
      </form>
    </dialog>
  );
}
