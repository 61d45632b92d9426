/**
 * Every address answers truthfully, and the site never waits blank for one call, as a person sees
 * it in Chromium at phone (375 px) and desktop (1280 px) width through the real server:
 * - while /api/runtime-config is slow the header, footer and a loading state are there at once;
 *   when it fails a page keeps the layout and offers Retry, which loads it;
 * - unknown paths and platforms are HTTP 404 with the Not Found page; the stored policies the
 *   Terms cite have their own addresses, linked from the footer;
 * - every page has its own <title> (and a description for the public ones), set by the server on
 *   the first load and by the shell on navigation.
 */
import type { Page, Route } from 'playwright-core';
import { signUpCustomer } from '../support/customers';
import { describeInBrowser, screenshot, useSystem, withPage } from '../support/harness';

const WIDTHS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
];

const titleOf = (page: Page) => page.evaluate(() => document.title);

describeInBrowser('Addresses, titles and the shell without the runtime config (real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  /** Holds the page's /api/runtime-config until the returned function is called. */
  const holdRuntimeConfig = async (page: Page): Promise<() => void> => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/runtime-config', async (route: Route) => {
      await held;
      await route.continue();
    });
    return release;
  };
  const layoutShown = async (page: Page, name: string) => {
    await page.getByRole('contentinfo').waitFor();
    if (name === 'desktop') await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).waitFor();
    else await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).waitFor();
  };

  test.each(WIDTHS)('a slow /api/runtime-config: layout and a loading state at once, then the page ($name)', async ({ name, viewport }) => {
    // A page drawn in the browser (a customer's list; the public pages arrive rendered by the server).
    const customer = await signUpCustomer(system, { label: `config-slow-${name}` });
    await withPage(system, viewport, { session: customer }, async (page) => {
      const release = await holdRuntimeConfig(page);
      await page.goto(system.url('/services/active'), { waitUntil: 'domcontentloaded' });
      await layoutShown(page, name);
      await page.getByRole('status').first().waitFor();
      await screenshot(page, `addresses-config-slow-${name}.png`, { fullPage: false });
      release();
      await page.getByRole('heading', { level: 1, name: 'Active Services' }).waitFor();
    });
  });

  test.each(WIDTHS)('a slow /api/runtime-config: a page the server renders is readable meanwhile ($name)', async ({ name, viewport }) => {
    await withPage(system, viewport, {}, async (page) => {
      const release = await holdRuntimeConfig(page);
      // docs/architecture.md#server-rendering
      await page.goto(system.url('/faq'), { waitUntil: 'domcontentloaded' });
      await layoutShown(page, name);
      await page.getByRole('heading', { name: 'Frequently Asked Questions' }).first().waitFor();
      release();
      await page.getByRole('heading', { name: 'Frequently Asked Questions' }).first().waitFor();
    });
  });

  test.each(WIDTHS)('a failing /api/runtime-config: the layout stays, Retry loads the page ($name)', async ({ name, viewport }) => {
    await withPage(system, viewport, {}, async (page) => {
      let failing = true;
      await page.route('**/api/runtime-config', (route: Route) =>
        failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"down"}' }) : route.continue(),
      );
      await page.goto(system.url('/faq'));
      const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
      await alert.waitFor();
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
      expect(await page.getByText('We could not load the shop').count()).toBe(0);
      await screenshot(page, `addresses-config-failed-${name}.png`, { fullPage: false });
      failing = false;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Frequently Asked Questions' }).first().waitFor();
    });
  });

  test.each([
    ['/no/such/page', 404],
    ['/services/myspace', 404],
    ['/cookies', 404],
    ['/services/youtube', 200],
    ['/shipping-delivery', 200],
    ['/cookie-policy', 200],
  ])('%s answers %i', async (path, status) => {
    const response = await fetch(system.url(path));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  test.each(WIDTHS)('an unknown platform shows Page Not Found with a 404, the layout around it ($name)', async ({ name, viewport }) => {
    await withPage(system, viewport, {}, async (page) => {
      const response = await page.goto(system.url('/services/myspace'));
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Return Home' }).waitFor();
      expect(await titleOf(page)).toBe('Page Not Found | SocialGrowth');
      expect(await page.getByText('Unable to load pricing.').count()).toBe(0);
      await screenshot(page, `addresses-404-platform-${name}.png`);
    });
  });

  test.each(WIDTHS)('the policies the Terms cite are published and linked from the footer ($name)', async ({ name, viewport }) => {
    await withPage(system, viewport, {}, async (page) => {
      await page.goto(system.url('/'));
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Shipping & Delivery' }).click();
      await page.getByRole('heading', { level: 1, name: 'Shipping & Delivery Policy' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/shipping-delivery');
      expect(await titleOf(page)).toBe('Shipping & Delivery Policy | SocialGrowth');
      await screenshot(page, `addresses-shipping-${name}.png`, { fullPage: false });
      await footer.getByRole('link', { name: 'Cookie Policy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/cookie-policy');
      expect(await titleOf(page)).toBe('Cookie Policy | SocialGrowth');
    });
  });

  test('every page has its own title, on first load and after navigating; public pages a description', async () => {
    await withPage(system, WIDTHS[1].viewport, {}, async (page) => {
      const titles: Record<string, string> = {};
      for (const path of ['/', '/services', '/services/youtube', '/about', '/contact', '/faq', '/terms', '/privacy', '/refund', '/login']) {
        const response = await page.goto(system.url(path));
        expect([path, response?.status()]).toEqual([path, 200]);
        // The server's HTML already carries it (tabs and search results see it before any script).
        const served = /<title>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1];
        await page.waitForLoadState('networkidle');
        titles[path] = await titleOf(page);
        expect([path, served?.replace(/&amp;/g, '&')]).toEqual([path, titles[path]]);
        if (path !== '/login') {
          const description = await page.locator('meta[name="description"]').getAttribute('content');
          expect([path, (description ?? '').length > 30]).toEqual([path, true]);
        }
      }
      expect(titles['/services/youtube']).toBe('YouTube Growth Packages | SocialGrowth');
      expect(new Set(Object.values(titles)).size).toBe(Object.keys(titles).length);

      // Navigating inside the app changes it too.
      await page.goto(system.url('/'));
      await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
      await page.waitForURL(/\/faq$/);
      expect(await titleOf(page)).toBe('Frequently Asked Questions | SocialGrowth');
    });
  });

  test('the phone menu keeps the focus inside while open; Escape closes it and returns the focus', async () => {
    await withPage(system, WIDTHS[0].viewport, {}, async (page) => {
      await page.goto(system.url('/about'));
      const button = page.getByRole('button', { name: 'Open menu' });
      await button.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      await screenshot(page, 'addresses-phone-menu.png', { fullPage: false });
      for (let i = 0; i < 8; i += 1) {
        await page.keyboard.press('Tab');
        const inside = await page.evaluate(() => {
          const active = document.activeElement;
          return Boolean(active?.closest('#mobile-menu') || active?.classList.contains('menu-button'));
        });
        expect([i, inside]).toEqual([i, true]);
      }
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-button'))).toBe(true);
      expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    });
  });
});
