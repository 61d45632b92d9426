import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { AdminService } from '@growth/kit';
import { planFixOf } from './planLinks';
import styles from './Services.module.css';

/**
 * What a new service needs next, shown by the form once it is saved: the shop lists it only while
 * an Active plan with a tier sells it (docs/catalogue.md, "Listing rule"). Without a plan: create
 * one, started with the service's platform so it answers at the service's address; with one: edit it. Or back to the dashboard.
 * The heading takes the focus, so a screen reader reads what happened and what is next.
 */
export function ServiceSavedOffer({ service }: { service: AdminService }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const listing = service.listing;
  const fix = planFixOf({ planId: listing?.planId ?? null }, service.serviceHeading);
  const address = `/services/${service.slug ?? ''}`;

  let title: string;
  let text: string;
  if (!listing?.planId) {
    title = 'Service saved. Create its plan and tiers next?';
    text = `The shop lists ${service.serviceHeading} once an Active plan with at least one pricing tier answers at ${address}. The new plan starts with the platform “${service.serviceHeading}”, so it answers there.`;
  } else if (listing.listed) {
    title = 'Service saved. Its plan sells it.';
    text = `The shop lists it at ${address}. Its plan's tiers are its packages.`;
  } else {
    title = 'Service saved. Fix its plan next?';
    text = listing.message ?? 'Not listed: no Active plan with a tier.';
  }

  return (
    <section className={styles.savedOffer} aria-labelledby="service-saved-title">
      <h2 id="service-saved-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>{text}</p>
      <div className={styles.formActions}>
        <Link href={fix.href} className="button button--primary">
          {fix.label}
        </Link>
        <Link href="/admin/dashboard" className="button button--ghost">
          Back to dashboard
        </Link>
      </div>
    </section>
  );
}
