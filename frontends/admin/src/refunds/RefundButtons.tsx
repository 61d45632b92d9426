import styles from './Refunds.module.css';

interface RequestProps {
  /** Names the order for screen readers: 'YouTube, order order_1'. */
  which: string;
  disabled: boolean;
  onApprove(): void;
  onDecline(): void;
}

/** Approve / Decline of an open refund request: the task card's and the Refunds list's. */
export function RequestButtons({ which, disabled, onApprove, onDecline }: RequestProps) {
  return (
    <div className={styles.buttons}>
      <button type="button" className="button button--primary" aria-label={`Approve refund: ${which}`} disabled={disabled} onClick={onApprove}>
        Approve
      </button>
      <button type="button" className="button button--ghost" aria-label={`Decline refund: ${which}`} disabled={disabled} onClick={onDecline}>
        Decline
      </button>
    </div>
  );
}

interface RefundProps {
  which: string;
  disabled: boolean;
  onRefund(): void;
  /** 'Refund…' on a task card; 'Refund again' on a failed refund of the Refunds list. */
  label?: string;
}

/** Opens the Refund dialog. */
export function RefundButton({ which, disabled, onRefund, label = 'Refund…' }: RefundProps) {
  return (
    <button type="button" className="button button--ghost" aria-label={`${label.replace(/…$/, '')}: ${which}`} disabled={disabled} onClick={onRefund}>
      {label}
    </button>
  );
}

/** 'YouTube, order order_1', as the task card's other buttons name their order. */
export const orderWhich = (planName: unknown, orderId: unknown) =>
  `${typeof planName === 'string' && planName.trim() ? planName.trim() : 'subscription'}, order ${typeof orderId === 'string' && orderId.trim() ? orderId.trim() : '—'}`;
