/**
 * Every public page of the storefront through the real server (built shell + storefront remote,
 * real API, fresh seeded database): main heading and key texts, the Success Stories carousel, the
 * FAQ accordions, the policy pages' structure, Page Not Found, and screenshots at 360 px and
 * 1280 px (e2e/artifacts/, not committed).
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, recordProblems, screenshot, useSystem } from '../support/harness';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

interface PublicPage {
  path: string;
  heading: string;
  /** Texts the page must show once loaded (exact substrings of the main content). */
  texts: string[];
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    heading: 'Grow your social media with real, organic engagement',
    texts: [
      'View Services',
      'Our Services',
      'View More Services',
      'Simple 3-Step Process',
      'Choose a Service',
      'Pay Securely',
      'Watch Your Growth',
      'Why Choose SocialGrowth?',
      'Delivery Within 24-48 Hours',
      '30-Day Money-Back Guarantee',
      'Success Stories',
      'Monthly Revenue',
      'Growth Rate',
      'Time to Success',
      'Get Started',
    ],
  },
  { path: '/services', heading: 'Our Services', texts: ['Back to Home', 'YouTube', 'Facebook', 'View Package'] },
  {
    path: '/services/youtube',
    heading: 'YouTube Growth Services',
    texts: ['Contact Us', 'YouTube Packages', 'Starter', 'Growth', 'Pro', 'Most Popular', 'Buy Now', '$49.99'],
  },
  {
    path: '/about',
    heading: 'We help creators and businesses grow with real people',
    texts: ['Our Story', 'Our Mission', 'Our Vision', 'Authenticity', 'Excellence', 'Innovation', 'Integrity', '2023', '50+', '20+', '100K+'],
  },
  {
    path: '/contact',
    heading: 'We would love to hear from you',
    texts: ['Get in Touch', 'support@growth.local', 'Mathura, Uttar Pradesh', 'Mon-Fri 9am-6pm PST', 'Send Message'],
  },
  {
    path: '/faq',
    heading: 'Frequently Asked Questions',
    texts: ['Contact Support', 'General Questions', 'Services & Pricing', 'Payment & Refunds', 'Account & Security'],
  },
  { path: '/terms', heading: 'Terms of Use', texts: ['Last updated September 2, 2025', 'Governing Law and Jurisdiction', 'Mathura'] },
  { path: '/privacy', heading: 'Privacy Policy', texts: ['Last updated September 2, 2025', "Children's Privacy"] },
  { path: '/refund', heading: 'Refund Policy', texts: ['Last updated September 2, 2025', '10 days'] },
];

/** Waits until the page's h1 and its last key text show: each list ends with a text that arrives with the page's data. */
async function open(page: Page, url: string, spec: PublicPage) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: spec.heading }).waitFor();
  await page.getByRole('main').getByText(spec.texts.at(-1)!, { exact: false }).first().waitFor();
}

describeInBrowser('Storefront pages (real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  test.each(PAGES)('$path shows its heading and key texts, at 360 px and 1280 px', async (spec) => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await system.browser.newContext({ viewport });
      const page = await context.newPage();
      const problems = recordProblems(page);
      try {
        await open(page, system.url(spec.path), spec);
        const main = page.getByRole('main');
        // textContent: the words as written, whatever CSS text-transform shows.
        const text = (await main.textContent()) ?? '';
        for (const expected of spec.texts) expect([spec.path, expected, text.includes(expected)]).toEqual([spec.path, expected, true]);
        await page.waitForLoadState('networkidle');
        const scrolledSideways = await page.evaluate(() => {
          window.scrollTo(10_000, window.scrollY);
          const x = window.scrollX;
          window.scrollTo(0, 0);
          return x;
        });
        expect([spec.path, viewport.width, scrolledSideways]).toEqual([spec.path, viewport.width, 0]);
        const name = spec.path === '/' ? 'home' : spec.path.slice(1).replace(/\//g, '-');
        await screenshot(page, `storefront-${name}-${viewport.width}.png`);
        expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
      } catch (error) {
        if (problems.length) console.log(`Browser problems on ${spec.path}:\n${problems.join('\n')}`);
        throw error;
      } finally {
        await context.close();
      }
    }
  });

  test('the Success Stories carousel wraps around both ways, by buttons, dots and arrow keys', async () => {
    const context = await system.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await page.goto(system.url('/'));
      const story = page.getByTestId('story');
      const name = async () => (await story.getByRole('heading', { level: 3 }).innerText()).trim();
      await story.waitFor();
      expect(await name()).toBe('Priya Sharma');
      const carousel = page.getByRole('region', { name: 'Customer stories', exact: true });
      const previous = carousel.getByRole('button', { name: 'Previous story' });
      const next = carousel.getByRole('button', { name: 'Next story' });

      await previous.click(); // backwards from the first: the last
      expect(await name()).toBe('Maya Johnson');
      await next.click(); // forwards from the last: the first
      expect(await name()).toBe('Priya Sharma');
      await next.click();
      expect(await name()).toBe('Daniel Brooks');
      expect(await carousel.getByRole('button', { name: /Show story 2/ }).getAttribute('aria-current')).toBe('true');
      expect(await carousel.getByRole('button', { name: /Show story 1/ }).getAttribute('aria-current')).toBeNull();

      await carousel.getByRole('button', { name: /Show story 3/ }).click();
      expect(await name()).toBe('Maya Johnson');
      // Keyboard only: focus Next and press Enter, then the arrow keys inside the carousel.
      await next.focus();
      await page.keyboard.press('Enter');
      expect(await name()).toBe('Priya Sharma');
      await page.keyboard.press('ArrowLeft');
      expect(await name()).toBe('Maya Johnson');
      await page.keyboard.press('ArrowRight');
      expect(await name()).toBe('Priya Sharma');
      // Each story shows its role, picture, quote, figures and results.
      expect(await story.getByRole('img', { name: 'Portrait of Priya Sharma' }).isVisible()).toBe(true);
      expect(await story.locator('blockquote').innerText()).toContain('2,000 subscribers');
      expect(await story.getByRole('listitem').count()).toBe(3);
      expect(await carousel.locator('[aria-live="polite"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  test('the FAQ shows four groups of accordions that open and close', async () => {
    const context = await system.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await page.goto(system.url('/faq'));
      await page.getByRole('heading', { level: 2, name: 'Account & Security' }).waitFor();
      expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
        'General Questions',
        'Services & Pricing',
        'Payment & Refunds',
        'Account & Security',
        'Still have questions?',
      ]);
      const first = page.getByRole('main').locator('button[aria-expanded]').first();
      expect(await first.getAttribute('aria-expanded')).toBe('false');
      const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
      expect(await panel.isVisible()).toBe(false);
      await first.focus();
      await page.keyboard.press('Enter');
      expect(await first.getAttribute('aria-expanded')).toBe('true');
      expect(await panel.isVisible()).toBe(true);
      expect((await panel.innerText()).length).toBeGreaterThan(20);
      await first.click();
      expect(await panel.isVisible()).toBe(false);
      await page.getByRole('link', { name: 'Contact Support' }).click();
      await page.waitForURL((url) => url.pathname === '/contact');
    } finally {
      await context.close();
    }
  });

  test.each([
    ['/terms', 'Terms of Use', 16],
    ['/privacy', 'Privacy Policy', 12],
    ['/refund', 'Refund Policy', 10],
  ])('%s: breadcrumb, skip link, section index with %s anchors, back to top', async (path, title, sections) => {
    const context = await system.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await page.goto(system.url(path));
      await page.getByText('Last updated September 2, 2025').waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(
        (await crumbs.innerText())
          .replace(/\s*\/\s*/g, ' / ')
          .replace(/\s+/g, ' ')
          .trim(),
      ).toBe(`Home / ${title}`);
      expect(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');

      const index = page.getByRole('navigation', { name: 'On this page' });
      const links = index.getByRole('link');
      expect(await links.count()).toBe(sections);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
        expect(await page.locator(`section${href}`).count()).toBe(1);
      }
      // Following an index link lands on its section.
      const last = links.nth(sections - 1);
      const target = (await last.getAttribute('href'))!;
      await last.click();
      await page.waitForFunction((id) => location.hash === id, target);
      expect(await page.locator(`section${target}`).isVisible()).toBe(true);

      const skip = page.getByRole('main').getByRole('link', { name: 'Skip to content' });
      expect(await skip.getAttribute('href')).toBe('#document-content');
      expect(await page.locator('#document-content').count()).toBe(1);
      await page.getByRole('link', { name: 'Back to top' }).click();
      await page.waitForFunction(() => window.scrollY < 200);
    } finally {
      await context.close();
    }
  });

  test('a visitor on a pricing page is sent to sign in by Buy, with the way back', async () => {
    const context = await system.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await page.goto(system.url('/services/instagram'));
      const tiers = page.getByTestId('pricing-tier');
      await tiers.nth(2).waitFor();
      expect(await tiers.count()).toBe(3);
      expect(await page.getByText('Most Popular', { exact: true }).count()).toBe(1);
      const buy = tiers.first().getByRole('link', { name: /^Buy Now: Starter/ });
      // Back to this tier's checkout (?buy=<pricingId>) after signing in on /login.
      expect(await buy.getAttribute('href')).toMatch(/^\/login\?next=%2Fservices%2Finstagram%3Fbuy%3D[0-9a-f-]{36}$/);
      // The platform's logo as the catalogue shows it; signing in brings the visitor back here (docs/catalogue.md).
      await page.getByRole('img', { name: 'Instagram logo' }).waitFor();
      const cta = page.getByRole('region', { name: 'Ready to start growing?' });
      expect(await cta.getByRole('link', { name: 'Sign In to Get Started' }).getAttribute('href')).toBe('/login?next=%2Fservices%2Finstagram');
      expect(await cta.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    } finally {
      await context.close();
    }
  });

  test('an unknown platform is a 404 with Page Not Found, not a pricing page with an error box', async () => {
    const context = await system.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      // docs/catalogue.md, "Addresses and 404".
      const response = await page.goto(system.url('/services/myspace'));
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      expect(await page.getByText('Unable to load pricing.').count()).toBe(0);
      expect(await page.getByRole('list', { name: 'Features' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('an unknown path shows Page Not Found', async () => {
    const context = await system.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await page.goto(system.url('/no-such-page/here'));
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Go Back to Help Center' }).getAttribute('href')).toBe('/contact');
      await screenshot(page, 'storefront-not-found-1280.png');
    } finally {
      await context.close();
    }
  });
});
