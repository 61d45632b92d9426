import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { api, ApiError, logoSrc, pageAnswer, PLATFORMS, Spinner, useAuth, type PricingTier, type PlanAnswer, type ServiceAddressAnswer } from '@growth/kit';
import { documentTitle } from '@growth/kit/routes';
import { NotFoundMessage } from '../components/NotFoundMessage';
import { Breadcrumb } from '../components/Breadcrumb';
import { Icon } from '../components/Icon';
import header from '../components/PageHeader.module.css';
import { PlatformIcon } from '../pricing/PlatformIcon';
import { PlanAvatar } from '../pricing/PlanAvatar';
import { PaymentReturn } from '../checkout/PaymentReturn';
import { TierCard } from '../pricing/TierCard';
import { GENERIC_PLATFORM_INFO, PLATFORM_INFO } from '../pricing/platformInfo';
import styles from './Pricing.module.css';

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'not-found' }
  | { status: 'loaded'; planId: string; name: string; slug: string; currency: string; onSale: boolean; tiers: PricingTier[] };

/** What the page shows of a plan's answer; undefined when it has no tiers to show. */
function loadedState(body: PlanAnswer, platform: string, slug: string): State | undefined {
  const tiers = body.pricing ?? body.plan?.pricing ?? [];
  if (tiers.length === 0) return undefined;
  return {
    status: 'loaded',
    planId: body.planId ?? body.plan?.planId ?? '',
    name: body.plan?.name ?? platform,
    slug: body.plan?.slug ?? slug,
    currency: body.plan?.currency ?? 'USD',
    // Inactive and Pending plans are shown but not sold (billing refuses their orders too).
    onSale: (body.plan?.status ?? 'Active') === 'Active',
    tiers,
  };
}

/** Pricing page `/services/{platform}` (docs/product.md#screens-and-routes: public). */
export default function Pricing() {
  const { platform = '' } = useParams<{ platform: string }>();
  const [location] = useLocation();
  const slug = platform.toLowerCase();
  const info = PLATFORM_INFO[slug] ?? GENERIC_PLATFORM_INFO;
  // A server-rendered page starts with the server's answer (kit's pageAnswer): hydration draws the same packages.
  const [state, setState] = useState<State>(() => {
    const body = pageAnswer<PlanAnswer>('/api/plans/' + encodeURIComponent(slug));
    return (body && loadedState(body, platform, slug)) ?? { status: 'loading' };
  });
  const answered = useRef(state.status === 'loaded');
  const [logo, setLogo] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // The logo the catalogue shows for this platform's service (a letter tile when it has none).
  useEffect(() => {
    const controller = new AbortController();
    setLogo(null);
    api
      .get<ServiceAddressAnswer>('/services/address/' + encodeURIComponent(slug), { signal: controller.signal })
      .then((body) => setLogo(logoSrc(body.service?.logo)))
      .catch(() => undefined); // the page stands without it
    return () => controller.abort();
  }, [slug]);

  useEffect(() => {
    if (state.status === 'loaded') document.title = documentTitle(`${state.name} Growth Packages`);
  }, [state]);

  useEffect(() => {
    if (answered.current) {
      answered.current = false; // the plan came with the page
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    const show = (body: PlanAnswer) => {
      const loaded = loadedState(body, platform, slug);
      if (!loaded) throw new Error('no tiers');
      setState(loaded);
    };
    // The same URL as the server's preload hint for this page (page-routes.json), so the browser
    // reuses the preloaded answer instead of fetching it again.
    api
      .get<PlanAnswer>('/plans/' + encodeURIComponent(slug), { signal: controller.signal })
      .then(show)
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError && error.status === 404)) {
          setState({ status: 'error' });
          return;
        }
        // No plan at this address: a renamed service's address shows the plan that sells it (read at
        // its own address, planSlug); its old address leads to its new one; else nothing is here
        // (docs/catalogue.md, "Addresses").
        let where: ServiceAddressAnswer | null = null;
        try {
          where = await api.get<ServiceAddressAnswer>('/services/address/' + encodeURIComponent(slug), { signal: controller.signal });
        } catch {
          // 404 (or unreachable): nothing to move to.
        }
        if (where?.moved && where.slug && where.slug !== slug) {
          navigate(`/services/${encodeURIComponent(where.slug)}`, { replace: true });
          return;
        }
        if (where?.planSlug && where.planSlug !== slug) {
          try {
            show(await api.get<PlanAnswer>('/plans/' + encodeURIComponent(where.planSlug), { signal: controller.signal }));
          } catch {
            if (!controller.signal.aborted) setState({ status: 'error' });
          }
          return;
        }
        if (!controller.signal.aborted) setState({ status: 'not-found' });
      });
    return () => controller.abort();
  }, [platform, slug, attempt, navigate]);

  if (state.status === 'not-found') return <NotFoundMessage />;

  // The banner's button goes where it says: up to the packages, focus with it (no address change).
  const toPackages = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const packages = document.getElementById('packages');
    packages?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    packages?.focus({ preventScroll: true });
  };

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

      <section className={styles.packages} id="packages" aria-labelledby="packages-title" tabIndex={-1}>
        <div className={styles.packagesHead}>
          {state.status === 'loaded' &&
            (logo ? (
              <img src={logo} alt={`${state.name} logo`} width={56} height={56} className={`${styles.avatar} ${styles.logo}`} />
            ) : (
              <PlanAvatar name={state.name} className={styles.avatar} />
            ))}
          <div>
            <h2 id="packages-title" className={styles.packagesTitle}>
              {state.status === 'loaded' ? `${state.name} Packages` : 'Packages'}
            </h2>
            <p className={styles.packagesLead}>Delivery within 24-48 hours · 30-day money-back guarantee · No password required</p>
          </div>
        </div>

        {state.status === 'loading' && <Spinner label="Loading pricing…" />}
        {state.status === 'error' && (
          <div className={styles.error} role="alert">
            <p>Unable to load pricing.</p>
            <div className={styles.errorActions}>
              <button type="button" className="button button--primary" onClick={retry}>
                Try again
              </button>
              <Link href="/services" className="button button--ghost">
                Browse all services
              </Link>
            </div>
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
              {isAuthenticated
                ? 'Pick a package above and press Buy Now, or talk to our team about a custom plan. We answer 24/7.'
                : 'Sign in to buy a package, or talk to our team about a custom plan. We answer 24/7.'}
            </p>
          </div>
          <div className={styles.ctaActions}>
            {isAuthenticated ? (
              <a href="#packages" className={`button ${styles.ctaPrimary}`} onClick={toPackages}>
                Choose a Package
              </a>
            ) : (
              <Link href={`/login?next=${encodeURIComponent(location)}`} className={`button ${styles.ctaPrimary}`}>
                Sign In to Get Started
              </Link>
            )}
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
