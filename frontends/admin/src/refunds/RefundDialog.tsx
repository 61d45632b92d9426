import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useModalDialog, describedBy } from '@growth/kit/ui';
import { moneyText } from '../fulfilment/fulfilmentTypes';
import { checkAmount } from './refundMoney';
import type { RefundTarget } from './refundTarget';
import type { RefundDecision, RefundKind } from './useRefundAction';
import form from '@growth/kit/form.module.css';
import confirm from '../ui/ConfirmDialog.module.css';
import styles from './RefundDialog.module.css';

/** Staff's words with a refund: 3–500 characters (docs/refunds.md); a decline's message to the customer: up to 1,000 (the route's limit). */
const TEXT_MIN = 3;
const REASON_MAX = 500;
const MESSAGE_MAX = 1000;

interface Props {
  kind: RefundKind;
  target: RefundTarget;
  /** While the call is under way: the buttons are disabled, Escape ignored. */
  busy: boolean;
  /** The server's refusal of the last try (400 bad amount, 409 over what is left or already decided). */
  error: string | null;
  onSubmit(decision: RefundDecision): void;
  onEdit(): void;
  onCancel(): void;
}

const TITLE: Record<RefundKind, string> = {
  refund: 'Refund this order',
  approve: 'Approve the refund request',
  decline: 'Decline the refund request',
};

function textError(value: string, what: string, max: number): string | null {
  const length = value.trim().length;
  if (length < TEXT_MIN) return `Write ${what} of at least ${TEXT_MIN} characters.`;
  if (length > max) return `Keep ${what} to ${max.toLocaleString('en-US')} characters (now ${length.toLocaleString('en-US')}).`;
  return null;
}

/**
 * Refund, Approve or Decline: a modal <dialog> like Link panel order's. Refund asks for the amount
 * (everything still refundable first, the currency beside it; Full puts it back; lower it for a
 * partial refund) and a reason in staff's words; Approve for the amount; Decline for the message
 * the customer gets. The amount is checked as decimal text in the order's currency against what is
 * left, never through a float; the confirm button says it ('Refund 7.85 USD'). Mistakes are shown
 * under their field once staff try to send; the server's refusal under the fields, and the dialog
 * stays open with what was typed.
 */
export function RefundDialog({ kind, target, busy, error, onSubmit, onEdit, onCancel }: Props) {
  const modal = useModalDialog({ onEscape: onCancel, locked: busy });
  const titleId = useId();
  const textId = useId();
  const amountId = useId();
  const wordsId = useId();
  const errorId = useId();
  const amountInput = useRef<HTMLInputElement>(null);
  const wordsInput = useRef<HTMLTextAreaElement>(null);
  const [amount, setAmount] = useState(target.prefill);
  const [words, setWords] = useState('');
  const [tried, setTried] = useState(false);

  const asksAmount = kind !== 'decline';
  const asksWords = kind !== 'approve';
  const checked = checkAmount(amount, target.currency, target.refundable);
  const amountError = asksAmount && tried && !checked.ok ? checked.error : null;
  const wordsMax = kind === 'refund' ? REASON_MAX : MESSAGE_MAX;
  const wordsProblem = asksWords ? textError(words, kind === 'refund' ? 'a reason' : 'a message', wordsMax) : null;
  const wordsError = tried ? wordsProblem : null;

  // After a refusal the first field takes the focus back (the button had it, and was disabled meanwhile).
  useEffect(() => {
    if (error) (asksAmount ? amountInput.current : wordsInput.current)?.focus();
  }, [error, asksAmount]);

  const edited = () => {
    if (error) onEdit();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (asksAmount && !checked.ok) {
      amountInput.current?.focus();
      return;
    }
    if (wordsProblem) {
      wordsInput.current?.focus();
      return;
    }
    const amountToSend = asksAmount && checked.ok ? checked.amount : undefined;
    if (kind === 'refund') onSubmit({ amount: amountToSend, reason: words.trim() });
    else if (kind === 'approve') onSubmit({ amount: amountToSend });
    else onSubmit({ message: words.trim() });
  };

  const confirmLabel = kind === 'decline' ? 'Decline request' : checked.ok ? `Refund ${moneyText(checked.amount, target.currency)}` : 'Refund';
  const customer = target.email ? ` of ${target.email}` : '';
  const left = target.refundable !== null ? moneyText(target.refundable, target.currency) : null;
  const amountHint = left ? `Everything left is ${left}; lower it for a partial refund.` : 'The server refuses more than is left.';

  return (
    <dialog {...modal} className={`${confirm.dialog} ${kind === 'decline' ? styles.calm : ''}`} aria-labelledby={titleId} aria-describedby={textId}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className={confirm.title}>
          {TITLE[kind]}
        </h2>
        <div id={textId} className={confirm.text}>
          <p>
            {kind === 'refund' ? 'Refund the' : 'A refund was requested for the'} {target.planName} order {target.orderId}
            {customer}.
          </p>
          {kind !== 'refund' && target.requestNote && <p className={styles.quote}>“{target.requestNote}”</p>}
          {kind === 'decline' ? (
            <p>Nothing is refunded. The customer gets your message by e-mail.</p>
          ) : (
            <p>The money goes back through the payment gateway. This cannot be undone.</p>
          )}
          {target.notice && <p className={styles.notice}>{target.notice}</p>}
        </div>

        {asksAmount && (
          <div className={`${form.field} ${styles.field}`}>
            <label className={form.label} htmlFor={amountId}>
              Amount<span className="kit-visually-hidden"> in {target.currency}</span>
            </label>
            <div className={styles.amountRow}>
              <input
                ref={amountInput}
                data-autofocus
                id={amountId}
                className={`${form.input} ${styles.amount}`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                enterKeyHint="done"
                maxLength={20}
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  edited();
                }}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={describedBy(amountId, amountHint, amountError)}
              />
              <span className={styles.currency} aria-hidden="true">
                {target.currency}
              </span>
              {target.refundable !== null && (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Full amount: ${left}`}
                  disabled={busy}
                  onClick={() => {
                    setAmount(target.refundable ?? '');
                    edited();
                  }}
                >
                  Full
                </button>
              )}
            </div>
            <p id={`${amountId}-hint`} className={form.hint}>
              {amountHint}
            </p>
            {amountError && (
              <p id={`${amountId}-error`} className={form.error}>
                {amountError}
              </p>
            )}
          </div>
        )}

        {asksWords && (
          <div className={`${form.field} ${styles.field}`}>
            <label className={form.label} htmlFor={wordsId}>
              {kind === 'refund' ? 'Reason' : 'Message to the customer'}
            </label>
            <textarea
              ref={wordsInput}
              data-autofocus={asksAmount ? undefined : true}
              id={wordsId}
              className={`${form.input} ${styles.words}`}
              rows={3}
              maxLength={wordsMax}
              value={words}
              onChange={(event) => {
                setWords(event.target.value);
                edited();
              }}
              aria-invalid={wordsError ? true : undefined}
              aria-describedby={describedBy(wordsId, 'hint', wordsError)}
            />
            <p id={`${wordsId}-hint`} className={form.hint}>
              {kind === 'refund' ? 'Kept with the refund for staff; 3–500 characters.' : 'Say why; 3–1,000 characters.'}
            </p>
            {wordsError && (
              <p id={`${wordsId}-error`} className={form.error}>
                {wordsError}
              </p>
            )}
          </div>
        )}

        {error && (
          <p id={errorId} role="alert" className={`${form.error} ${styles.refusal}`}>
            {error}
          </p>
        )}

        <div className={confirm.actions}>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={kind === 'decline' ? 'button button--primary' : `button ${confirm.danger}`} disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
