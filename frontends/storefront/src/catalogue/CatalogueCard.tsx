import { useId } from 'react';
import { Link } from 'wouter';
import { logoSrc, slugify, type Service } from '@growth/kit';
import { DefaultServiceIcon } from '../components/DefaultServiceIcon';
import { Icon } from '../components/Icon';
import styles from './CatalogueCard.module.css';

/** A catalogue card: logo (default icon when missing), heading, description, content keys, View Package. */
export function CatalogueCard({ service }: { service: Service }) {
  const src = logoSrc(service.logo);
  const headingId = useId();
  const keys = [...new Set(service.serviceContent.map((item) => item.key.trim()).filter(Boolean))];
  return (
    <article className={styles.card} data-testid="catalogue-card">
      <div className={styles.top}>
        <div className={styles.logo}>
          {src ? <img src={src} alt="" width={48} height={48} /> : <DefaultServiceIcon />}
        </div>
        <h2 id={headingId} className={styles.heading}>
          {service.serviceHeading}
        </h2>
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
      <Link
        href={`/services/${slugify(service.serviceHeading)}`}
        className={`button button--primary ${styles.link}`}
        aria-describedby={headingId}
      >
        View Package
        <Icon name="arrowRight" size={18} />
      </Link>
    </article>
  );
}
