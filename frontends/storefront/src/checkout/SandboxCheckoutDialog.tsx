import { useId } from 'react';
import { Icon } from '../components/Icon';
import { Dialog } from './Dialog';
import styles from './SandboxCheckoutDialog.module.css';

interface Props {
  planName: string;
  tierName: string;
  /** The order's amount, formatted ("$49.99"). */
  amount: string;
  /** The profile the order will be delivered to. */
  profileLink: string;
  /** A card was chosen and the payment is being completed. */
  busy: boolean;
  onChoose(outcome: 'success' | 'failure'): void;
  onCancel(): void;
}

const CARDS = [
  { outcome: 'success', label: 'Visa •••• 1111', result: 'payment succeeds' },
  { outcome: 'failure', label: 'Visa •••• 0002', result: 'payment is declined' },
] as const;

/**
 * The sandbox gateway's checkout (docs/architecture.md#runtime-profiles): stands in for Razorpay's window where no real
 * gateway is configured. Two test cards, one that pays and one that is declined.
 */
export function SandboxCheckoutDialog({ planName, tierName, amount, profileLink, busy, onChoose, onCancel }: Props) {
  const cardsId = useId();
  return (
    <Dialog
      title="Pay with a test card"
      eyebrow="Sandbox checkout — no real money"
      onClose={onCancel}
      locked={busy}
      actions={
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      }
    >
      <dl className={styles.summary}>
        <div>
          <dt>Plan</dt>
          <dd>{planName}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>{tierName}</dd>
        </div>
        <div>
          <dt>Delivered to</dt>
          <dd className={styles.link}>{profileLink}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd className={styles.amount}>{amount}</dd>
        </div>
      </dl>
      <p id={cardsId} className={styles.lead}>
        Choose a card:
      </p>
      <ul className={styles.cards} aria-labelledby={cardsId}>
        {CARDS.map((card, index) => (
          <li key={card.outcome}>
            <button
              type="button"
              className={`${styles.card} ${card.outcome === 'failure' ? styles.declined : ''}`}
              onClick={() => onChoose(card.outcome)}
              disabled={busy}
              data-autofocus={index === 0 ? true : undefined}
            >
              <Icon name="card" size={22} />
              <span>
                {card.label} — {card.result}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {busy && (
        <p className={styles.status} role="status">
          Processing…
        </p>
      )}
    </Dialog>
  );
}
