import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, type SubscriptionAnswer } from '@growth/kit';
import { formatPrice } from '@growth/kit/format';
import { useModalDialog, FieldNotes, describedBy, SubmitButton } from '@growth/kit/ui';
import form from '@growth/kit/form.module.css';
import { reasonOf } from '../profile/reason';
import type { ListedSubscription } from './useSubscriptionPage';
import styles from './RefundRequestDialog.module.css';

/** The reason's bounds of POST /subscription/refund-request (docs/refunds.md "What the APIs say"). */
export const REASON_MIN = 3;
export const REASON_MAX = 1000;

const COUNT = new Intl.NumberFormat('en-US');

interface Props {
  subscription: ListedSubscription;
  /** The request was stored: the subscription as the server answered it, and its words, if any. */
  onSent(subscription: ListedSubscription, message: string | null): void;
  onClose(): void;
}

/**
 * "Request a refund" of one order: a modal <dialog> (kit's useModalDialog: the reason has the focus
 * first, Tab stays inside, Escape or Cancel closes, the focus goes back to the opener). The reason is
 * required, 3–1,000 characters; Enter is a newline, Send request submits. While the call runs both
 * buttons wait and Escape does nothing; a refusal (outside the window, already open…) is shown in
 * the server's words under the field and the dialog stays open with what was typed.
 */
export function RefundRequestDialog({ subscription, onSent, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const modal = useModalDialog({ onEscape: onClose, locked: busy });
  const titleId = useId();
  const textId = useId();
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const trimmed = reason.trim();

  // After a refusal the field takes the focus back (Send request had it, disabled meanwhile), so its
  // message, part of the field's description, is read out with it.
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (trimmed.length < REASON_MIN) {
      setError(`Please tell us why, in at least ${REASON_MIN} characters.`);
      field.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const body = await api.post<SubscriptionAnswer<ListedSubscription>>('/subscription/refund-request', {
        subscriptionId: subscription.subscriptionId,
        reason: trimmed,
      });
      const message = typeof body.message === 'string' && body.message.trim() ? body.message.trim() : null;
      onSent(body.subscription ? { ...subscription, ...body.subscription } : subscription, message);
    } catch (failure) {
      setBusy(false);
      setError(reasonOf(failure));
    }
  };

  const pricing = subscription.pricing ?? ({} as Partial<ListedSubscription['pricing']>);
  const order = [subscription.planName, pricing.name, formatPrice(pricing.price, pricing.currency || 'USD')].filter(Boolean).join(' · ');
  const hint = `At least ${REASON_MIN} characters · ${COUNT.format(reason.length)} / ${COUNT.format(REASON_MAX)}`;

  return (
    <dialog {...modal} className={styles.dialog} aria-labelledby={titleId} aria-describedby={textId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className={styles.title}>
          Request a refund
        </h2>
        <div id={textId} className={styles.text}>
          <p className={styles.order}>{order}</p>
          <p>Tell us what went wrong. We review every request and e-mail you the answer.</p>
        </div>
        <div className={`${form.field} ${styles.field}`}>
          <label className={form.label} htmlFor={fieldId}>
            Reason
          </label>
          <textarea
            ref={field}
            data-autofocus
            id={fieldId}
            className={`${form.input} ${styles.reason}`}
            rows={4}
            maxLength={REASON_MAX}
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fieldId, hint, error)}
          />
          <FieldNotes id={fieldId} hint={hint} />
          {/* Only the error in the live region: the counter changes with every key. */}
          <div role="alert" className={styles.error}>
            <FieldNotes id={fieldId} error={error} />
          </div>
        </div>
        <div className={styles.actions}>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <SubmitButton busy={busy}>{busy ? 'Sending…' : 'Send request'}</SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
