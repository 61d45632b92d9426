import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useAuth, type PricingTier } from '@growth/kit';
import { Icon } from '../components/Icon';
import styles from './TierCard.module.css';

function formatPrice(price: string, currency: string): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return `${price} ${currency}`;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * One pricing tier: Most Popular banner, name, price with currency, description, features, Buy.
 * Checkout is wired by the billing issue; until then Buy sends a visitor to sign in and come back
 * (`/login?next=`), and tells a signed-in customer honestly that online checkout is not open yet.
 */
export function TierCard({ tier, currency, returnTo }: { tier: PricingTier; currency: string; returnTo: string }) {
  const { isAuthenticated } = useAuth();
  const [notice, setNotice] = useState(false);
  const nameId = useId();
  const noticeId = useId();

  return (
    <article
      className={`${styles.card} ${tier.isPopular ? styles.popular : ''}`}
      aria-labelledby={nameId}
      data-testid="pricing-tier"
    >
      {tier.isPopular && <p className={styles.banner}>Most Popular</p>}
      <h3 id={nameId} className={styles.name}>
        {tier.name}
      </h3>
      <p className={styles.price}>
        <span className={styles.amount}>{formatPrice(tier.price, currency)}</span>
        <span className={styles.currency}>{currency}</span>
      </p>
      <p className={styles.description}>{tier.description}</p>
      <ul className={styles.features}>
        {tier.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={18} />
            {feature}
          </li>
        ))}
      </ul>
      {isAuthenticated ? (
        <button
          type="button"
          className={`button ${tier.isPopular ? 'button--primary' : 'button--ghost'} ${styles.buy}`}
          aria-describedby={notice ? noticeId : undefined}
          onClick={() => setNotice(true)}
        >
          <Icon name="cart" size={18} />
          Buy Now
        </button>
      ) : (
        <Link
          href={`/login?next=${encodeURIComponent(returnTo)}`}
          className={`button ${tier.isPopular ? 'button--primary' : 'button--ghost'} ${styles.buy}`}
          aria-label={`Buy Now: ${tier.name}, sign in to continue`}
        >
          <Icon name="cart" size={18} />
          Buy Now
        </Link>
      )}
      <p id={noticeId} className={styles.notice} role="status">
        {notice && (
          <>
            Online checkout opens soon. To order this package today, <Link href="/contact">contact us</Link>.
          </>
        )}
      </p>
    </article>
  );
}
