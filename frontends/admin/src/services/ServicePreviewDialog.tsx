import type { AdminService } from '@growth/kit';
import { useId } from 'react';
import { Link } from 'wouter';
import { useModalDialog } from '@growth/kit/ui';
import dialog from '../ui/ConfirmDialog.module.css';
import { ServiceCardHead } from './ServiceCardHead';
import styles from './Services.module.css';

/**
 * How a service's card will look in the shop's catalogue, for a service the shop does not list yet
 * (or any other): its logo, heading, description and content keys, and what it takes to list it.
 * A modal <dialog>: Tab stays inside, Escape or Close closes, the focus returns to Preview.
 */
export function ServicePreviewDialog({ service, onClose }: { service: AdminService; onClose(): void }) {
  const modal = useModalDialog({ onEscape: onClose });
  const titleId = useId();
  const listing = service.listing;
  const slug = service.slug ?? '';
  return (
    <dialog {...modal} className={`${dialog.dialog} ${styles.previewDialog}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={dialog.title}>
        {`Preview: ${service.serviceHeading}`}
      </h2>
      <div className={styles.previewCard}>
        <ServiceCardHead service={service} Heading="h3" />
        <p className={styles.previewDescription}>{service.serviceDescription}</p>
        <ul className={styles.keys} aria-label={`Content of ${service.serviceHeading}`}>
          {service.serviceContent.map((item, index) => (
            <li key={`${item.key}-${index}`}>{item.key}</li>
          ))}
        </ul>
        <span className={`button button--primary ${styles.previewButton}`} aria-hidden="true">
          View Package
        </span>
      </div>
      <div className={dialog.text}>
        {listing?.listed ? (
          <p>Listed in the shop, at /services/{slug}.</p>
        ) : (
          <>
            <p>{listing?.message ?? 'Not listed: no Active plan with a tier.'}</p>
            <p>
              The shop lists it once an Active plan with at least one pricing tier answers at /services/{slug}: a plan whose platform is{' '}
              <strong>{service.serviceHeading}</strong>.
            </p>
          </>
        )}
      </div>
      <div className={dialog.actions}>
        <button type="button" className="button button--ghost" onClick={onClose} data-autofocus>
          Close
        </button>
        {listing?.listed || listing?.planId ? (
          <a className="button button--primary" href={`/services/${encodeURIComponent(slug)}`} target="_blank" rel="noopener">
            Open its pricing page
          </a>
        ) : (
          <Link href="/admin/plan" className="button button--primary">
            Add a plan
          </Link>
        )}
      </div>
    </dialog>
  );
}
