import { Link } from 'wouter';
import { useServiceList } from '../catalogue/useServiceList';
import { ServiceCard } from './ServiceCard';
import styles from './OurServices.module.css';

/** Home shows the first four services (docs/product.md#limits). */
const HOME_SERVICE_COUNT = 4;

/** "Our Services" on Home: the first four services, each with View More, plus View More Services. */
export function OurServices() {
  const state = useServiceList(HOME_SERVICE_COUNT);

  return (
    <section className={styles.section} aria-labelledby="our-services-title">
      <h2 id="our-services-title" className={styles.title}>
        Our Services
      </h2>
      <p className={styles.lead}>Pick a platform and start growing with real, organic engagement.</p>

      {state.status === 'loading' && (
        <p className={styles.status} role="status">
          Loading services...
        </p>
      )}
      {state.status === 'error' && (
        <p className={styles.error} role="alert">
          {'Error: ' + state.message}
        </p>
      )}
      {state.status === 'loaded' &&
        (state.services.length > 0 ? (
          <ul className={styles.grid} data-testid="services-grid">
            {state.services.map((service) => (
              <li key={service.serviceId} className={styles.item}>
                <ServiceCard service={service} variant="home" />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.status}>No services available yet.</p>
        ))}

      <div className={styles.more}>
        <Link href="/services" className="button button--ghost">
          View More Services
        </Link>
      </div>
    </section>
  );
}
