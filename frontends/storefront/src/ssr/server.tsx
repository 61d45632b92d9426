// The storefront's server-rendering entry (docs/architecture.md#server-rendering), built for Node into
// dist/ssr/server.cjs beside the browser build, so a storefront deploy changes the served HTML
// without a shell build. The backend renders these with the shell's server bundle, which lends
// React, the router and kit (the federation's shared singletons).
import './publicPath';
import type { ComponentType } from 'react';
import type { DocumentAnswer, PlanAnswer } from '@growth/kit';
import About from '../pages/About';
import Catalogue from '../pages/Catalogue';
import Contact from '../pages/Contact';
import CookiePolicy from '../pages/CookiePolicy';
import Faq from '../pages/Faq';
import Home from '../pages/Home';
import Pricing from '../pages/Pricing';
import Privacy from '../pages/Privacy';
import Refund from '../pages/Refund';
import ShippingDelivery from '../pages/ShippingDelivery';
import Terms from '../pages/Terms';

/** The exposed pages by their page-table id (`storefront/<expose>`, as rspack.config.mjs exposes them). */
export const pages: Record<string, ComponentType> = {
  'storefront/Home': Home,
  'storefront/Catalogue': Catalogue,
  'storefront/Pricing': Pricing,
  'storefront/About': About,
  'storefront/Contact': Contact,
  'storefront/Faq': Faq,
  'storefront/Terms': Terms,
  'storefront/Privacy': Privacy,
  'storefront/Refund': Refund,
  'storefront/ShippingDelivery': ShippingDelivery,
  'storefront/CookiePolicy': CookiePolicy,
};

export interface PageFacts {
  /** The page's canonical URL. */
  url: string;
  /** The site's own address (PUBLIC_URL). */
  origin: string;
  title: string;
  description: string;
  /** The page's first GET answers by URL (as kit's pageAnswer holds them). */
  answers: Record<string, unknown>;
  shopName: string;
}

const SCHEMA = 'https://schema.org';

/**
 * The page's structured data (schema.org, as JSON-LD): every page is a WebPage; Home names the
 * organisation, a pricing page is a Product with one Offer per package (price and currency exactly
 * as the plan states them), the FAQ a FAQPage of its questions.
 */
export function structuredData(page: string, facts: PageFacts): object[] {
  const { url, origin, title, description, answers, shopName } = facts;
  const items: object[] = [{ '@context': SCHEMA, '@type': 'WebPage', name: title, description, url }];
  if (page === 'storefront/Home') items.push({ '@context': SCHEMA, '@type': 'Organization', name: shopName, url: origin });

  if (page === 'storefront/Pricing') {
    const body = Object.entries(answers).find(([key]) => key.startsWith('/api/plans/'))?.[1] as PlanAnswer | undefined;
    const tiers = body?.pricing ?? body?.plan?.pricing ?? [];
    const currency = body?.plan?.currency ?? 'USD';
    const onSale = (body?.plan?.status ?? 'Active') === 'Active';
    if (body?.plan?.name && tiers.length > 0) {
      items.push({
        '@context': SCHEMA,
        '@type': 'Product',
        name: `${body.plan.name} Growth Packages`,
        description,
        url,
        brand: { '@type': 'Brand', name: shopName },
        offers: tiers.map((tier) => ({
          '@type': 'Offer',
          name: tier.name,
          description: tier.description,
          price: tier.price,
          priceCurrency: currency,
          availability: `${SCHEMA}/${onSale ? 'InStock' : 'OutOfStock'}`,
          url,
        })),
      });
    }
  }

  if (page === 'storefront/Faq') {
    const body = answers['/api/documents/faqs'] as DocumentAnswer | undefined;
    const questions = (body?.document?.sections ?? []).flatMap((section) => section.faqs ?? []);
    if (questions.length > 0) {
      items.push({
        '@context': SCHEMA,
        '@type': 'FAQPage',
        mainEntity: questions.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } })),
      });
    }
  }
  return items;
}
