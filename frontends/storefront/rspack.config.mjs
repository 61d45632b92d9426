import { frontendConfig } from '../kit/build/rspack.mjs';

// Remote: home, catalogue, pricing pages, information pages, contact, checkout.
export default frontendConfig({
  appDir: import.meta.dirname,
  name: 'storefront',
  kind: 'remote',
  ssrEntry: './src/ssr/server.tsx',
  exposes: {
    './Home': './src/pages/Home.tsx',
    './Catalogue': './src/pages/Catalogue.tsx',
    './Pricing': './src/pages/Pricing.tsx',
    './About': './src/pages/About.tsx',
    './Contact': './src/pages/Contact.tsx',
    './Faq': './src/pages/Faq.tsx',
    './Terms': './src/pages/Terms.tsx',
    './Privacy': './src/pages/Privacy.tsx',
    './Refund': './src/pages/Refund.tsx',
    './ShippingDelivery': './src/pages/ShippingDelivery.tsx',
    './CookiePolicy': './src/pages/CookiePolicy.tsx',
  },
});
