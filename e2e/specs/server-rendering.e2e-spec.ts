/**
 * Public pages arrive as HTML (docs/architecture.md#server-rendering), through the real built system:
 * with JavaScript disabled each public page shows its content; with it, the shell hydrates the
 * server's markup (the very elements stay, no hydration warning) and the page works; every page's
 * HTML carries its own title, description, canonical link and structured data (Product/Offer with
 * the plan's prices on pricing pages, FAQPage on the FAQ); /sitemap.xml lists every public page; and
 * a price changed in the admin on one instance is in the next HTML answer of another (PostgreSQL +
 * Redis: the change event crosses instances over Redis pub/sub).
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, getJson, recordProblems, useSystem } from '../support/harness';
import { allSuitesRequired, createStore, startServer, type RunningServer, type Store } from '../support/system';
import { findRedisServer, startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';

const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };
const PLATFORMS = ['youtube', 'instagram', 'x', 'threads', 'telegram', 'linkedin', 'tiktok', 'facebook'];

/** Each public page: its main heading and a text of its content (from its data where it has data). */
const PAGES: { path: string; heading: string | RegExp; text: string }[] = [
  { path: '/', heading: 'Grow your social media with real, organic engagement', text: 'View More Services' },
  { path: '/services', heading: 'Our Services', text: 'View Package' },
  ...PLATFORMS.map((slug) => ({ path: `/services/${slug}`, heading: /Growth Services$/, text: 'Buy Now' })),
  { path: '/about', heading: 'We help creators and businesses grow with real people', text: 'Our Mission' },
  { path: '/contact', heading: 'We would love to hear from you', text: 'Get in Touch' },
  { path: '/faq', heading: 'Frequently Asked Questions', text: 'Still have questions?' },
  { path: '/terms', heading: 'Terms of Use', text: 'Last updated' },
  { path: '/privacy', heading: 'Privacy Policy', text: 'Last updated' },
  { path: '/shipping-delivery', heading: 'Shipping & Delivery Policy', text: 'Last updated' },
  { path: '/cookie-policy', heading: 'Cookie Policy', text: 'Last updated' },
  { path: '/refund', heading: 'Refund Policy', text: 'Last updated' },
];

const DESKTOP = { width: 1280, height: 900 };

interface Head {
  title: string;
  description: string | null;
  canonical: string | null;
  jsonLd: Array<Record<string, any>>;
}

/** The head of an HTML answer, parsed as a crawler reads it (no script run). */
function headOf(html: string): Head {
  const attr = (tag: string | undefined, name: string) => (tag ? (new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? null) : null);
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const head = html.slice(0, html.indexOf('</head>'));
  const description = attr(/<meta name="description"[^>]*>/.exec(head)?.[0], 'content');
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    description: description && unescape(description),
    canonical: attr(/<link rel="canonical"[^>]*>/.exec(head)?.[0], 'href'),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])),
  };
}

const textOf = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script id="page-data"'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describeInBrowser('public pages arrive as HTML', () => {
  const system = useSystem({ browser: true });

  test('with JavaScript disabled, each public page shows its heading and content', async () => {
    const context = await system.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      for (const { path, heading, text } of PAGES) {
        const response = await page.goto(system.url(path));
        expect([path, response?.status()]).toEqual([path, 200]);
        await expect(page.locator('h1').first().textContent()).resolves.toMatch(heading);
        await page.getByText(text).first().waitFor({ state: 'visible', timeout: 1000 });
      }
      // The pricing page's packages with their prices, the catalogue's cards, the FAQ's questions.
      await page.goto(system.url('/services/youtube'));
      const plan = await getJson(system.url('/api/plans/youtube'));
      for (const tier of plan.pricing) await page.getByText(`$${tier.price}`).first().waitFor({ state: 'visible', timeout: 1000 });
      await page.goto(system.url('/services'));
      expect(await page.getByTestId('catalogue-grid').locator('li').count()).toBeGreaterThanOrEqual(8);
      await page.goto(system.url('/faq'));
      const faqs = await getJson(system.url('/api/documents/faqs'));
      const first = faqs.document.sections.flatMap((s: any) => s.faqs ?? [])[0].question;
      await page.getByText(first).first().waitFor({ state: 'visible', timeout: 1000 });
    } finally {
      await context.close();
    }
  });

  test.each(PAGES.map((p) => p.path))('%s hydrates the server markup without a warning and works', async (path) => {
    const context = await system.browser.newContext({ viewport: DESKTOP });
    try {
      // Keep the server's heading element before any script runs, to compare after hydration.
      await context.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') (window as any).__served = document.querySelector('h1');
        });
      });
      const page = await context.newPage();
      const problems = recordProblems(page);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await page.goto(system.url(path));
      await hydrated(page);
      expect(await page.evaluate(() => (window as any).__served !== null && (window as any).__served === document.querySelector('h1'))).toBe(true);
      expect(warnings.filter((text) => /hydrat|did not match|mismatch|Minified React error|#418|#423|#425/i.test(text))).toEqual([]);
      expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);

      // It behaves as a hydrated app: a link to Contact (header or footer) navigates in the page (no new document).
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      await page.locator('a[href="/contact"]').first().click();
      await page.waitForURL((url) => url.pathname === '/contact');
      await page.getByRole('heading', { level: 1, name: 'We would love to hear from you' }).waitFor();
      expect(documents).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("each public page's HTML carries its title, description, canonical link and structured data", async () => {
    for (const { path } of PAGES) {
      const response = await fetch(system.url(path));
      const head = headOf(await response.text());
      expect(head.title).toMatch(/ \| SocialGrowth$/);
      expect(head.description?.length).toBeGreaterThan(20);
      expect(head.canonical).toMatch(new RegExp(`^https?://[^/]+${path === '/' ? '/' : path}$`));
      const page = head.jsonLd.find((item) => item['@type'] === 'WebPage');
      expect(page).toMatchObject({ '@context': 'https://schema.org', name: head.title, description: head.description, url: head.canonical });
    }

    for (const slug of PLATFORMS) {
      const head = headOf(await (await fetch(system.url(`/services/${slug}`))).text());
      const plan = await getJson(system.url(`/api/plans/${slug}`));
      expect(head.title).toBe(`${plan.plan.name} Growth Packages | SocialGrowth`);
      const product = head.jsonLd.find((item) => item['@type'] === 'Product');
      expect(product?.offers).toEqual(
        plan.pricing.map((tier: any) => expect.objectContaining({ '@type': 'Offer', name: tier.name, price: tier.price, priceCurrency: plan.plan.currency })),
      );
    }

    const faq = headOf(await (await fetch(system.url('/faq'))).text()).jsonLd.find((item) => item['@type'] === 'FAQPage');
    const stored = await getJson(system.url('/api/documents/faqs'));
    const questions = stored.document.sections.flatMap((s: any) => s.faqs ?? []);
    expect(faq?.mainEntity).toEqual(questions.map((q: any) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })));
  });

  test('/sitemap.xml lists every public page, each answering 200 with itself as canonical', async () => {
    const response = await fetch(system.url('/sitemap.xml'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect([...locations].sort()).toEqual(PAGES.map((p) => p.path).sort());
    for (const path of locations) {
      const page = await fetch(system.url(path));
      expect([path, page.status]).toEqual([path, 200]);
      expect(new URL(headOf(await page.text()).canonical ?? '').pathname).toBe(path);
    }
  });

  test('a repeated page is the same bytes and headers (answered from the rendered cache), 304 for its ETag, HEAD with no body, a query the same page', async () => {
    const stable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
    for (const path of ['/', '/services/youtube', '/faq']) {
      const first = await fetch(system.url(path));
      const firstBody = await first.text();
      const again = await fetch(system.url(path), { headers: { 'X-Request-Id': 'repeat-42' } });
      expect([path, await again.text()]).toEqual([path, firstBody]);
      expect([path, stable(again.headers)]).toEqual([path, stable(first.headers)]);
      expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(again.headers.get('cache-control')).toBe('no-cache');
      expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(again.headers.get('x-request-id')).toBe('repeat-42');
      const revisit = await fetch(system.url(path), { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
      expect([path, revisit.status, await revisit.text()]).toEqual([path, 304, '']);
      const head = await fetch(system.url(path), { method: 'HEAD' });
      expect([path, head.status, head.headers.get('etag'), await head.text()]).toEqual([path, 200, first.headers.get('etag'), '']);
      // A campaign's query does not make another page: the path's HTML, the same ETag.
      const campaign = await fetch(system.url(`${path}?utm_source=newsletter&utm_campaign=${Date.now()}`));
      expect([path, campaign.headers.get('etag'), await campaign.text()]).toEqual([path, first.headers.get('etag'), firstBody]);
    }
    // A guarded page under the same prefix is never one of them: the shell, for the browser to draw.
    const account = await (await fetch(system.url('/services/active'))).text();
    expect(account).toContain('<div id="root"></div>');
  });

  test('a document edited in the admin is in the next HTML answer', async () => {
    const login = await getJson(system.url('/api/admin/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(textOf(await (await fetch(system.url('/terms'))).text())).not.toContain('Edited for the server-rendering spec');
    const stored = (await getJson(system.url('/api/documents/terms-of-use'))).document;
    const sections = stored.sections.map((section: any, i: number) => ({
      heading: section.heading,
      paragraphs: i === 0 ? [...section.paragraphs, 'Edited for the server-rendering spec.'] : section.paragraphs,
      ...(section.items ? { items: section.items } : {}),
    }));
    const saved = await fetch(system.url('/api/documents/save'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.token}` },
      body: JSON.stringify({ slug: 'terms-of-use', title: stored.title, content: { lastUpdated: stored.lastUpdated, sections } }),
    });
    expect(saved.status).toBeLessThan(300);
    expect(textOf(await (await fetch(system.url('/terms'))).text())).toContain('Edited for the server-rendering spec.');
  });
});

/** React has taken the page over: its root holds a fiber. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

const twoInstances = (findRedisServer() && process.env.DATABASE_URL) || allSuitesRequired() ? describe : describe.skip;

twoInstances('a price changed on one instance is in the next HTML answer of another (PostgreSQL + Redis)', () => {
  let redis: ThrowawayRedis;
  let store: Store;
  let one: RunningServer | undefined;
  let two: RunningServer | undefined;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    store = await createStore({ label: 'ssr-instances', seeded: true });
    [one, two] = await Promise.all([startServer({ store, env: { REDIS_URL: redis.url } }), startServer({ store, env: { REDIS_URL: redis.url } })]);
  }, 120_000);

  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await redis?.stop();
    await store?.dispose();
  });

  test('the admin edits YouTube Starter on the first; the second serves the new price at once', async () => {
    const html = async (server: RunningServer) => (await fetch(server.url('/services/youtube'))).text();
    const plan = await getJson(one!.url('/api/plans/youtube'));
    const starter = plan.pricing[0];
    const price = starter.price === '23.45' ? '24.56' : '23.45';
    // Both instances hold the rendered page (their caches are warm).
    for (const server of [one!, two!]) expect(textOf(await html(server))).toContain(`$${starter.price}`);
    expect(textOf(await html(two!))).not.toContain(`$${price}`);

    const login = await getJson(one!.url('/api/admin/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    await getJson(one!.url('/api/plan/update'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.token}` },
      body: JSON.stringify({
        planId: plan.planId ?? plan.plan.planId,
        name: plan.plan.name,
        status: plan.plan.status,
        pricing: plan.pricing.map((tier: any, i: number) => ({
          pricingId: tier.pricingId,
          name: tier.name,
          price: i === 0 ? price : tier.price,
          description: tier.description,
          features: tier.features,
          isPopular: tier.isPopular,
        })),
      }),
    });

    // The change event crosses over Redis pub/sub within milliseconds: poll the second instance briefly.
    const deadline = Date.now() + 2000;
    let served = await html(two!);
    while (!textOf(served).includes(`$${price}`) && Date.now() < deadline) served = await html(two!);
    expect(textOf(served)).toContain(`$${price}`);
    const product = headOf(served).jsonLd.find((item) => item['@type'] === 'Product');
    expect(product?.offers[0]).toMatchObject({ name: starter.name, price, priceCurrency: plan.plan.currency });
  });
});
