/**
 * axe-core (injected from the installed package, nothing fetched) finds no serious or critical
 * violation on home, the catalogue, a pricing page, contact and terms, at phone and desktop width.
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, useSystem } from '../support/harness';

const axePath = require.resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

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
    for (const viewport of [{ width: 360, height: 780 }, { width: 1280, height: 900 }]) {
      // The shop's CSP forbids inline scripts: let the test inject axe (this context only).
      const context = await system.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      try {
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
        await page.addScriptTag({ path: axePath });
        const violations: Violation[] = await page.evaluate(async () => {
          const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n: any) => ({ target: n.target })) }));
        });
        const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const minor = violations.filter((v) => !severe.includes(v));
        if (minor.length) console.log(`${path} @${viewport.width}: minor axe findings: ${minor.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
        expect([path, viewport.width, severe.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)]).toEqual([path, viewport.width, []]);
      } finally {
        await context.close();
      }
    }
  });
});
