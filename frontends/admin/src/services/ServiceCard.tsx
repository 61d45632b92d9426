import { Link } from 'wouter';
import { logoSrc, type Service } from '@growth/kit';
import styles from './Services.module.css';

interface Props {
  service: Service;
  onDelete(service: Service): void;
  busy: boolean;
}

/** One service on the dashboard: logo, heading, description, content keys, Edit and Delete. */
export function ServiceCard({ service, onDelete, busy }: Props) {
  const logo = logoSrc(service.logo);
  const keys = service.serviceContent.map((item) => item.key).filter(Boolean);
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        {logo ? (
          <img className={styles.logo} src={logo} alt="" width={48} height={48} />
        ) : (
          <span className={styles.logoFallback} aria-hidden="true">
            {service.serviceHeading.trim().charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <h2 className={styles.cardTitle}>{service.serviceHeading}</h2>
      </div>
      <p className={styles.description}>{service.serviceDescription}</p>
      {keys.length > 0 && (
        <ul className={styles.keys} aria-label={`Content of ${service.serviceHeading}`}>
          {keys.map((key, index) => (
            <li key={`${key}-${index}`}>{key}</li>
          ))}
        </ul>
      )}
      <div className={styles.cardActions}>
        <Link
          href={`/admin/add-editService?serviceId=${encodeURIComponent(service.serviceId)}`}
          className="button button--ghost"
          aria-label={`Edit ${service.serviceHeading}`}
        >
          Edit
        </Link>
        <button
          type="button"
          className={`button ${styles.delete}`}
          onClick={() => onDelete(service)}
          disabled={busy}
          aria-label={`Delete ${service.serviceHeading}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
