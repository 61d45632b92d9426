/**
 * axe-core (injected from the installed package, nothing fetched) finds no serious or critical
 * violation on home, the catalogue, a pricing page, contact and terms, at phone and desktop width.
 */
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { describeInBrowser, useSystem, withPage } from '../support/harness';

const PAGES: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/', ready: (page) => page.getByTestId('services-grid').getByTestId('service-card').nth(3).waitFor() },
  { path: '/services', ready: (page) => page.getByTestId('catalogue-card').nth(7).waitFor() },
  { path: '/services/youtube', ready: (page) => page.getByTestId('pricing-tier').nth(2).waitFor() },
  { path: '/contact', ready: (page) => page.getByTestId('contact-form').waitFor() },
  { path: '/terms', ready: (page) => page.getByText('Last updated September 2, 2025').waitFor() },
];

describeInBrowser('Accessibility (axe-core, real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  test.each(PAGES)('$path has no serious or critical violation', async ({ path, ready }) => {
    for (const viewport of [
      { width: 360, height: 780 },
      { width: 1280, height: 900 },
    ]) {
      // The shop's CSP forbids inline scripts: let the test inject axe (this context only).
      await withPage(system, viewport, { bypassCSP: true }, async (page) => {
        await page.goto(system.url(path));
        await ready(page);
        await page.waitForLoadState('networkidle');
        // Contrast is judged on the settled page, not mid-way through an entrance fade.
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
              .map((animation) => animation.finished),
          ),
        );
        const { severe, minor } = await axeFindings(page);
        if (minor.length) console.log(`${path} @${viewport.width}: minor axe findings: ${minor.join(', ')}`);
        expect([path, viewport.width, severe]).toEqual([path, viewport.width, []]);
      });
    }
  });
});
