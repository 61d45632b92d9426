import { Icon } from '../components/Icon';
import styles from './RefillGuarantee.module.css';

/** The longest guarantee a tier may carry (docs/refill.md); a larger number cannot be true. */
const MAX_DAYS = 365;

/**
 * '30-day refill guarantee' on a pricing card, from the tier's provider mapping (the server's
 * `refillDays`, docs/refill.md), never from the tier's free text; nothing for a tier without one.
 */
export function RefillGuarantee({ days }: { days: unknown }) {
  if (typeof days !== 'number' || !Number.isSafeInteger(days) || days < 1 || days > MAX_DAYS) return null;
  return (
    <p className={styles.guarantee}>
      <Icon name="shield" size={18} />
      {days}-day refill guarantee
    </p>
  );
}
