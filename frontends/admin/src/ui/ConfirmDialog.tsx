import { useId, type ReactNode } from 'react';
import { useModalDialog } from '@growth/kit/ui';
import styles from './ConfirmDialog.module.css';

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
  const modal = useModalDialog({ onEscape: onCancel, locked: busy });
  const titleId = useId();
  const textId = useId();

  return (
    <dialog {...modal} className={styles.dialog} role="alertdialog" aria-labelledby={titleId} aria-describedby={textId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={textId} className={styles.text}>
        {children}
      </div>
      <div className={styles.actions}>
        <button data-autofocus type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? `button ${styles.danger}` : 'button button--primary'} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
