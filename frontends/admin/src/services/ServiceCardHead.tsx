import { logoSrc, type AdminService } from '@growth/kit';
import styles from './Services.module.css';

interface Props {
  service: AdminService;
  /** The heading's level where the head stands (h2 on the dashboard, h3 in the preview dialog). */
  Heading: 'h2' | 'h3';
}

/** The head of a service's card: its logo (or its first letter) and its heading. */
export function ServiceCardHead({ service, Heading }: Props) {
  const logo = logoSrc(service.logo);
  return (
    <div className={styles.cardHead}>
      {logo ? (
        <img className={styles.logo} src={logo} alt="" width={48} height={48} />
      ) : (
        <span className={styles.logoFallback} aria-hidden="true">
          {service.serviceHeading.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <Heading className={styles.cardTitle}>{service.serviceHeading}</Heading>
    </div>
  );
}
