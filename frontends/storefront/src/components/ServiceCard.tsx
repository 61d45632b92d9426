import { useId } from 'react';
import { Link } from 'wouter';
import { logoSrc, slugify, type Service } from '@growth/kit';
import { formatPrice } from '../checkout/money';
import { DefaultServiceIcon } from './DefaultServiceIcon';
import { Icon } from './Icon';
import styles from './ServiceCard.module.css';

/**
 * A service: logo (default icon when missing), heading and description, linking to its pricing
 * page. On Home (under the "Our Services" h2) an h3 and View More; in the catalogue (under the
 * page's h1) an h2 beside the logo, the content keys and a View Package button. Both say the price
 * the packages start from ("from $14.99", the lowest tier of the plan that sells it) when the list
 * carries one.
 */
export function ServiceCard({ service, variant }: { service: Service; variant: 'home' | 'catalogue' }) {
  const catalogue = variant === 'catalogue';
  const src = logoSrc(service.logo);
  const headingId = useId();
  const Heading = catalogue ? 'h2' : 'h3';
  const keys = catalogue ? [...new Set(service.serviceContent.map((item) => item.key.trim()).filter(Boolean))] : [];
  return (
    <article className={`${styles.card} ${styles[variant]}`} data-testid={catalogue ? 'catalogue-card' : 'service-card'}>
      <div className={styles.top}>
        <div className={styles.logo}>{src ? <img src={src} alt="" width={48} height={48} loading={catalogue ? undefined : 'lazy'} /> : <DefaultServiceIcon />}</div>
        <Heading id={headingId} className={styles.heading}>
          {service.serviceHeading}
        </Heading>
      </div>
      <p className={styles.description}>{service.serviceDescription}</p>
      {keys.length > 0 && (
        <ul className={styles.keys} aria-label={`What ${service.serviceHeading} includes`}>
          {keys.map((key) => (
            <li key={key} className={styles.key}>
              <Icon name="check" size={14} />
              {key}
            </li>
          ))}
        </ul>
      )}
      {service.fromPrice && (
        <p className={styles.from} data-testid="from-price">
          from <strong className={styles.fromAmount}>{formatPrice(service.fromPrice.price, service.fromPrice.currency)}</strong>
        </p>
      )}
      <Link
        href={`/services/${slugify(service.serviceHeading)}`}
        className={catalogue ? `button button--primary ${styles.button}` : styles.link}
        aria-describedby={headingId}
      >
        {catalogue ? (
          <>
            View Package
            <Icon name="arrowRight" size={18} />
          </>
        ) : (
          'View More'
        )}
      </Link>
    </article>
  );
}
