import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminService, Service } from '@growth/kit';
import { ServiceCardHead } from './ServiceCardHead';
import { planFixOf } from './planLinks';
import { ServicePreviewDialog } from './ServicePreviewDialog';
import styles from './Services.module.css';

interface Props {
  service: AdminService;
  onDelete(service: Service): void;
  busy: boolean;
}

/**
 * One service on the dashboard: logo, heading, whether the shop lists it (and, when not, what is
 * missing with a link to fix it: create its plan, or edit the plan that sells it), description,
 * content keys, Edit, Preview and Delete.
 */
export function ServiceCard({ service, onDelete, busy }: Props) {
  const [previewing, setPreviewing] = useState(false);
  const listing = service.listing;
  const keys = service.serviceContent.map((item) => item.key).filter(Boolean);
  return (
    <li className={styles.card}>
      <ServiceCardHead service={service} Heading="h2" />
      {listing &&
        (listing.listed ? (
          <p className={`${styles.listing} ${styles.listed}`}>
            Listed in the shop ·{' '}
            <a href={`/services/${encodeURIComponent(service.slug ?? '')}`} target="_blank" rel="noopener" aria-label={`View ${service.serviceHeading} in the shop`}>
              View
            </a>
          </p>
        ) : (
          <NotListed service={service} />
        ))}
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
        <button type="button" className="button button--ghost" onClick={() => setPreviewing(true)} aria-label={`Preview ${service.serviceHeading}`}>
          Preview
        </button>
        <button type="button" className={`button ${styles.delete}`} onClick={() => onDelete(service)} disabled={busy} aria-label={`Delete ${service.serviceHeading}`}>
          Delete
        </button>
      </div>
      {previewing && <ServicePreviewDialog service={service} onClose={() => setPreviewing(false)} />}
    </li>
  );
}

/** What a hidden service is missing (the server's words) and the link that fixes it. */
function NotListed({ service }: { service: AdminService }) {
  const listing = service.listing;
  const fix = planFixOf({ planId: listing?.planId ?? null }, service.serviceHeading);
  return (
    <p className={`${styles.listing} ${styles.hidden}`}>
      {listing?.message ?? 'Not listed: no Active plan with a tier.'}{' '}
      <Link href={fix.href} className={styles.fixLink} aria-label={`${fix.label} for ${service.serviceHeading}`}>
        {fix.label}
      </Link>
    </p>
  );
}
