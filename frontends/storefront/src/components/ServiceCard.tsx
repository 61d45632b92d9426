import { useId } from 'react';
import { Link } from 'wouter';
import { logoSrc, slugify, type Service } from '@growth/kit';
import { DefaultServiceIcon } from './DefaultServiceIcon';
import styles from './ServiceCard.module.css';

/** A service on Home: logo (default icon when missing), heading, description, View More. */
export function ServiceCard({ service }: { service: Service }) {
  const src = logoSrc(service.logo);
  const headingId = useId();
  return (
    <article className={styles.card} data-testid="service-card">
      <div className={styles.logo}>
        {src ? <img src={src} alt="" width={48} height={48} loading="lazy" /> : <DefaultServiceIcon />}
      </div>
      <h3 id={headingId} className={styles.heading}>{service.serviceHeading}</h3>
      <p className={styles.description}>{service.serviceDescription}</p>
      <Link
        href={`/services/${slugify(service.serviceHeading)}`}
        className={styles.link}
        aria-describedby={headingId}
      >
        View More
      </Link>
    </article>
  );
}
