/**
 * Prices where people decide (real server, Chromium at 375 and 1280 px): the catalogue's cards and
 * home's service tiles say what each service starts from ("from $19.99", the lowest tier of the
 * plan that sells it, and a cheaper tier added by staff shows there at once); a phone's first screen
 * of a pricing page reaches the first tier's price; at 1280 px no tier sits alone on a row (three
 * tiers in one row, four as two rows of two). axe finds nothing serious on these pages.
 */
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { describeInBrowser, getJson, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const WIDTHS = [
  { name: '375', viewport: PHONE },
  { name: '1280', viewport: DESKTOP },
];
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };
const VIEWPORT_ONLY = { fullPage: false };

describeInBrowser('Prices where people decide (real server, Chromium)', () => {
  const system = useSystem({ browser: true, env: { SMTP_URL: '', PAYMENTS_PROVIDER: 'sandbox' } });

  /** The "from" line of the card of `heading` (catalogue h2, home h3). */
  function fromOf(page: Page, heading: string) {
    return page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
      .getByTestId('from-price');
  }

  /** The tiers' rows at this width: how many tiers share each top edge. */
  async function rows(page: Page): Promise<number[]> {
    const tops = await page.getByTestId('pricing-tier').evaluateAll((cards) => cards.map((card) => Math.round(card.closest('li')!.getBoundingClientRect().top)));
    const counts = new Map<number, number>();
    for (const top of tops) counts.set(top, (counts.get(top) ?? 0) + 1);
    return [...counts.values()];
  }

  test.each(WIDTHS)('catalogue cards and home tiles say "from $X" ($name px)', async ({ name, viewport }) => {
    await withPage(system, viewport, { bypassCSP: true, screenshotOnFailure: `prices-catalogue-${name}-failure.png` }, async (page) => {
      await page.goto(system.url('/services'));
      await page.getByRole('heading', { level: 2, name: 'YouTube', exact: true }).waitFor();
      expect(await fromOf(page, 'YouTube').textContent()).toBe('from $19.99');
      const cards = page.getByTestId('catalogue-card');
      expect(await page.getByTestId('from-price').count()).toBe(await cards.count());
      for (const text of await page.getByTestId('from-price').allTextContents()) expect(text).toMatch(/^from \$\d+\.\d{2}$/);
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `prices-catalogue-${name}.png`, VIEWPORT_ONLY);

      await page.goto(system.url('/'));
      const tiles = page.getByTestId('service-card');
      await tiles.first().waitFor();
      expect(await tiles.count()).toBe(4);
      expect(await page.getByTestId('from-price').count()).toBe(4);
      expect(await fromOf(page, 'YouTube').textContent()).toBe('from $19.99');
      await page.getByRole('heading', { name: 'Our Services' }).scrollIntoViewIfNeeded();
      await screenshot(page, `prices-home-services-${name}.png`, VIEWPORT_ONLY);
    });
  });

  test('a phone sees the first tier’s price on the first screen of every pricing page (375 x 812)', async () => {
    await withPage(system, PHONE, { bypassCSP: true, screenshotOnFailure: 'prices-first-screen-failure.png' }, async (page) => {
      for (const slug of ['youtube', 'instagram', 'x', 'threads', 'telegram', 'linkedin', 'tiktok', 'facebook']) {
        await page.goto(system.url(`/services/${slug}`));
        const first = page.getByTestId('pricing-tier').first();
        await first.waitFor();
        const price = first.getByText(/^\$\d+\.\d{2}$/);
        const box = await price.boundingBox();
        expect([slug, box !== null && box.y >= 0 && box.y + box.height <= PHONE.height]).toEqual([slug, true]);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        if (slug === 'youtube') {
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, 'prices-pricing-first-screen-375.png', VIEWPORT_ONLY);
        }
      }
    });
  });

  test('no tier sits alone on a row at 1280 px: three in one row, four as two rows of two; the cheaper fourth shows in the catalogue', async () => {
    await withPage(system, DESKTOP, { bypassCSP: true, screenshotOnFailure: 'prices-rows-failure.png' }, async (page) => {
      await page.goto(system.url('/services/instagram'));
      await page.getByTestId('pricing-tier').nth(2).waitFor();
      expect(await rows(page)).toEqual([3]);

      const login = await getJson(system.url('/api/admin/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const plan = await getJson(system.url('/api/plans/instagram'));
      await getJson(system.url('/api/plan/update'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.token}` },
        body: JSON.stringify({
          planId: plan.planId ?? plan.plan.planId,
          name: plan.plan.name,
          status: plan.plan.status,
          pricing: [
            ...plan.pricing.map((tier: any) => ({
              pricingId: tier.pricingId,
              name: tier.name,
              price: tier.price,
              description: tier.description,
              features: tier.features,
              isPopular: tier.isPopular,
            })),
            { name: 'Trial', price: '4.99', description: 'A first taste: 100 real followers.', features: ['100 real followers'], isPopular: false },
          ],
        }),
      });

      await page.goto(system.url('/services/instagram'));
      await page.getByTestId('pricing-tier').nth(3).waitFor();
      expect(await rows(page)).toEqual([2, 2]);
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('#packages').scrollIntoViewIfNeeded();
      await screenshot(page, 'prices-pricing-four-tiers-1280.png');

      await page.goto(system.url('/services'));
      await page.getByRole('heading', { level: 2, name: 'Instagram', exact: true }).waitFor();
      expect(await fromOf(page, 'Instagram').textContent()).toBe('from $4.99');
    });
  });
});
