import { useId, type ReactNode } from 'react';
import { useModalDialog } from '@growth/kit/ui';
import { Icon } from '../components/Icon';
import styles from './Dialog.module.css';

interface Props {
  title: string;
  children: ReactNode;
  /** Escape, the × button and the caller's own Cancel/Close buttons end up here. */
  onClose(): void;
  /** While a request is under way: Escape and × do nothing. */
  locked?: boolean;
  /** Colours the title band: purple by default, green for success, red for failure. */
  tone?: 'default' | 'success' | 'failure';
  /** Small text above the title (e.g. "Sandbox checkout — no real money"). */
  eyebrow?: string;
  /** The id of the text that describes the dialog, read out with its name. */
  describedBy?: string;
  /** `alertdialog` for messages that need the customer's attention (results, login required). */
  role?: 'dialog' | 'alertdialog';
  /** The × in the corner; dialogs whose actions already say Close or Cancel leave it out. */
  closeButton?: boolean;
  /** The buttons row at the bottom (stacked at phone width). */
  actions?: ReactNode;
}

/**
 * The one modal of checkout (login required, profile link, sandbox card, results): a native
 * <dialog> shown modally, so the page behind is inert; named by its title, Tab wraps inside,
 * Escape closes, and focus goes back to where it was when the dialog closes. The first element
 * marked `data-autofocus` (else the first focusable one) gets focus on open.
 */
export function Dialog({ title, children, onClose, locked = false, tone = 'default', eyebrow, describedBy, role = 'dialog', closeButton = true, actions }: Props) {
  const modal = useModalDialog({ onEscape: onClose, locked });
  const titleId = useId();

  return (
    <dialog
      {...modal}
      className={tone === 'default' ? styles.dialog : `${styles.dialog} ${styles[tone]}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
    >
      <div className={styles.header}>
        <div>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        </div>
        {closeButton && (
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose} disabled={locked}>
            <Icon name="close" size={20} />
          </button>
        )}
      </div>
      <div className={styles.body}>
        {children}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </dialog>
  );
}

/**
 * A checkout form's Cancel and submit pair for Dialog's `actions`: the submit button belongs to the
 * form `formId` (it sits outside it, in the dialog's footer), and while `busy` both wait and the
 * submit button says "Processing…".
 */
export function FormActions({ formId, busy, submitLabel, onCancel }: { formId: string; busy: boolean; submitLabel: string; onCancel(): void }) {
  return (
    <>
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Processing…' : submitLabel}
      </button>
    </>
  );
}
