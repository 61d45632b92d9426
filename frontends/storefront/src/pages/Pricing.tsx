import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { api, PLATFORMS, Spinner, type Plan, type PricingTier } from '@growth/kit';
import { Breadcrumb } from '../components/Breadcrumb';
import { Icon } from '../components/Icon';
import header from '../components/PageHeader.module.css';
import { PlatformIcon } from '../pricing/PlatformIcon';
import { PlanAvatar } from '../pricing/PlanAvatar';
import { PaymentReturn } from '../checkout/PaymentReturn';
import { TierCard } from '../pricing/TierCard';
import { GENERIC_PLATFORM_INFO, PLATFORM_INFO } from '../pricing/platformInfo';
import styles from './Pricing.module.css';

interface PlanResponse {
  planId?: string;
  pricing?: PricingTier[];
  plan?: Partial<Plan>;
}

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; planId: string; name: string; slug: string; currency: string; onSale: boolean; tiers: PricingTier[] };

/** Pricing page `/services/{platform}` (docs/product.md#screens-and-routes: public). */
export default function Pricing() {
  const { platform = '' } = useParams<{ platform: string }>();
  const [location] = useLocation();
  const slug = platform.toLowerCase();
  const info = PLATFORM_INFO[slug] ?? GENERIC_PLATFORM_INFO;
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // The same URL as the server's preload hint for this page (page-routes.json), so the browser
    // reuses the preloaded answer instead of fetching it again.
    api
      .get<PlanResponse>('/plans/' + encodeURIComponent(slug), { signal: controller.signal })
      .then((body) => {
        const tiers = body.pricing ?? body.plan?.pricing ?? [];
        if (tiers.length === 0) throw new Error('no tiers');
        setState({
          status: 'loaded',
          planId: body.planId ?? body.plan?.planId ?? '',
          name: body.plan?.name ?? platform,
          slug: body.plan?.slug ?? slug,
          currency: body.plan?.currency ?? 'USD',
          // Inactive and Pending plans are shown but not sold (billing refuses their orders too).
          onSale: (body.plan?.status ?? 'Active') === 'Active',
          tiers,
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [platform, slug]);

  return (
    <div className={styles.page}>
      <section className={header.glow} aria-labelledby="pricing-title">
        <div className={styles.infoInner}>
          <span className={styles.platformIcon}>
            <PlatformIcon slug={slug} size={44} />
          </span>
          <div>
            <Breadcrumb
              parent={{ href: '/services', label: 'Services' }}
              current={PLATFORMS.find((p) => p.slug === slug)?.name ?? platform}
              className={styles.breadcrumb}
            />
            <h1 id="pricing-title" className={header.title}>
              {info.title}
            </h1>
            <p className={styles.description}>{info.description}</p>
            {info.features.length > 0 && (
              <ul className={styles.features} aria-label="Features">
                {info.features.map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={16} />
                    {feature}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </section>

      <section className={styles.packages} aria-labelledby="packages-title">
        <div className={styles.packagesHead}>
          {state.status === 'loaded' && <PlanAvatar name={state.name} className={styles.avatar} />}
          <div>
            <h2 id="packages-title" className={styles.packagesTitle}>
              {state.status === 'loaded' ? `${state.name} Packages` : 'Packages'}
            </h2>
            <p className={styles.packagesLead}>
              Delivery within 24-48 hours · 30-day money-back guarantee · No password required
            </p>
          </div>
        </div>

        {state.status === 'loading' && <Spinner label="Loading pricing…" />}
        {state.status === 'error' && (
          <div className={styles.error} role="alert">
            <p>Unable to load pricing.</p>
            <Link href="/services" className="button button--ghost">
              Browse all services
            </Link>
          </div>
        )}
        {state.status === 'loaded' && !state.onSale && (
          <p className={styles.unavailable} role="status">
            {state.name} packages are not available right now.
          </p>
        )}
        {state.status === 'loaded' && (
          <ul className={styles.grid}>
            {state.tiers.map((tier) => (
              <li key={tier.pricingId ?? tier.name}>
                <TierCard tier={tier} plan={state} returnTo={location} onSale={state.onSale} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.cta} aria-labelledby="pricing-cta-title">
        <div className={styles.ctaPanel}>
          <div>
            <h2 id="pricing-cta-title" className={styles.ctaTitle}>
              Ready to start growing?
            </h2>
            <p className={styles.ctaText}>
              Sign in to buy a package, or talk to our team about a custom plan. We answer 24/7.
            </p>
          </div>
          <div className={styles.ctaActions}>
            <Link href="/login" className={`button ${styles.ctaPrimary}`}>
              Sign In to Get Started
            </Link>
            <Link href="/contact" className={`button ${styles.ctaSecondary}`}>
              Contact Us
            </Link>
          </div>
        </div>
      </section>

      <PaymentReturn />

      <nav className={styles.others} aria-label="Other platforms">
        <h2 className={styles.othersTitle}>Growth packages for other platforms</h2>
        <ul>
          {PLATFORMS.filter((p) => p.slug !== slug).map((p) => (
            <li key={p.slug}>
              <Link href={`/services/${p.slug}`}>
                <PlatformIcon slug={p.slug} size={18} />
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
