import { useId } from 'react';
import type { PricingTier } from '@growth/kit';
import { Icon } from '../components/Icon';
import { BuyNow } from '../checkout/BuyNow';
import { formatPrice } from '../checkout/money';
import type { CheckoutPlan } from '../checkout/paymentCalls';
import { RefillGuarantee } from './RefillGuarantee';
import styles from './TierCard.module.css';

/**
 * One pricing tier: Most Popular banner, name, price with currency, description, features, Buy Now.
 * A tier of a plan that is not on sale (Inactive or Pending) has no Buy Now: the page says why.
 */
export function TierCard({ tier, plan, returnTo, onSale = true }: { tier: PricingTier; plan: CheckoutPlan; returnTo: string; onSale?: boolean }) {
  const nameId = useId();

  return (
    <article className={`${styles.card} ${tier.isPopular ? styles.popular : ''}`} aria-labelledby={nameId} data-testid="pricing-tier">
      {tier.isPopular && <p className={styles.banner}>Most Popular</p>}
      <h3 id={nameId} className={styles.name}>
        {tier.name}
      </h3>
      <p className={styles.price}>
        <span className={styles.amount}>{formatPrice(tier.price, plan.currency)}</span>
        <span className={styles.currency}>{plan.currency}</span>
      </p>
      <p className={styles.description}>{tier.description}</p>
      <RefillGuarantee days={tier.refillDays} />
      <ul className={styles.features}>
        {tier.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={18} />
            {feature}
          </li>
        ))}
      </ul>
      {onSale && <BuyNow plan={plan} tier={tier} returnTo={returnTo} className={`button ${tier.isPopular ? 'button--primary' : 'button--ghost'} ${styles.buy}`} />}
    </article>
  );
}
