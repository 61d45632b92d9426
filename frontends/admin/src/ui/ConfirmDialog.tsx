import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './ConfirmDialog.module.css';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  /** What will happen, e.g. 'Delete the service "YouTube Views"?'. */
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** While the action runs: both buttons disabled, Escape ignored. */
  busy?: boolean;
  /** A red confirm button for destructive actions (the default). */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * "Are you sure?" before a destructive action: a native modal <dialog> (the page behind is inert),
 * an alertdialog named by its title and described by its text; Cancel has the focus first, Tab
 * stays inside, Escape cancels, and the focus returns to the opener afterwards.
 */
export function ConfirmDialog({ title, children, confirmLabel = 'Delete', cancelLabel = 'Cancel', busy = false, danger = true, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    cancel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      onCancel={(event) => event.preventDefault() /* Escape goes through onKeyDown */}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={textId} className={styles.text}>
        {children}
      </div>
      <div className={styles.actions}>
        <button ref={cancel} type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? `button ${styles.danger}` : 'button button--primary'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
