/**
 * The catalogue /services through the real server: its own top bar, the search toggle with
 * server-side search, the cards, and the same pricing page reached from a card and from the
 * footer's platform link.
 */
import { describeInBrowser, recordRequests, useSystem, withPage } from '../support/harness';

const DESKTOP = { width: 1280, height: 900 };

describeInBrowser('Catalogue (real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  test('lists the seeded services (limit 100) with logo, heading, description, content keys and View Package', async () => {
    await withPage(system, DESKTOP, {}, async (page, context) => {
      const requests = recordRequests(context);
      await page.goto(system.url('/services'));
      const cards = page.getByTestId('catalogue-card');
      await cards.nth(7).waitFor();
      expect(await cards.count()).toBe(8);
      const first = cards.first();
      expect(await first.getByRole('heading').innerText()).toBe('YouTube');
      expect(await first.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await first.getByRole('list', { name: 'What YouTube includes' }).getByRole('listitem').allInnerTexts()).toEqual(
        expect.arrayContaining(['Subscribers', 'Views']),
      );
      expect(await first.getByRole('link', { name: 'View Package' }).getAttribute('href')).toBe('/services/youtube');
      expect(await page.getByRole('status').innerText()).toBe('8 services');
      // The shell's public header is hidden here; the catalogue's bar leads home.
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      // The list came with the server-rendered page (docs/architecture.md#server-rendering), read with limit 100, and is not fetched again.
      const served = JSON.parse((await page.locator('#page-data').textContent()) ?? '{}');
      expect(Object.keys(served.answers)).toEqual(['/api/services/getAll?page=1&limit=100']);
      expect(requests.filter((r) => new URL(r.url()).pathname === '/api/services/getAll')).toEqual([]);
    });
  });

  test('the search toggle reveals a search box; typing narrows the list through the server, and no match says so', async () => {
    await withPage(system, { width: 360, height: 780 }, {}, async (page, context) => {
      const requests = recordRequests(context);
      await page.goto(system.url('/services'));
      const cards = page.getByTestId('catalogue-card');
      await cards.nth(7).waitFor();

      const toggle = page.getByRole('button', { name: 'Search services' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const box = page.getByRole('searchbox', { name: 'Search services' });
      expect(await box.isVisible()).toBe(false);
      await toggle.click();
      await box.waitFor({ state: 'visible' });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('catalogue-search-input');

      await box.pressSequentially('insta', { delay: 30 });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="catalogue-card"]').length === 1);
      expect(await cards.first().getByRole('heading').innerText()).toBe('Instagram');
      const searched = requests.filter((r) => new URL(r.url()).searchParams.get('search') === 'insta');
      expect(searched.length).toBeGreaterThan(0);
      // Debounced: not one request per keystroke.
      const searches = requests.filter((r) => new URL(r.url()).searchParams.has('search'));
      expect(searches.length).toBeLessThan(5);

      await box.fill('no such platform');
      await page.getByText('No services found.').waitFor();
      expect(await cards.count()).toBe(0);

      // Closing the search clears it: the whole list is back, focus returns to the toggle.
      await page.getByRole('button', { name: 'Close search' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="catalogue-card"]').length === 8);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('catalogue-search');
    });
  });

  test.each(['YouTube', 'TikTok', 'LinkedIn'])('the %s card and the footer link open the same pricing page', async (platform) => {
    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url('/services'));
      const card = page.getByTestId('catalogue-card').filter({ has: page.getByRole('heading', { name: platform, exact: true }) });
      await card.getByRole('link', { name: 'View Package' }).click();
      await page.getByTestId('pricing-tier').nth(2).waitFor();
      const fromCard = {
        url: page.url(),
        heading: await page.getByRole('heading', { level: 1 }).innerText(),
        plan: await page.getByRole('heading', { level: 2 }).first().innerText(),
      };

      await page.goto(system.url('/services'));
      await page.getByTestId('catalogue-card').first().waitFor();
      await page.getByRole('contentinfo').getByRole('navigation', { name: 'Services' }).getByRole('link', { name: platform, exact: true }).click();
      await page.getByTestId('pricing-tier').nth(2).waitFor();
      const fromFooter = {
        url: page.url(),
        heading: await page.getByRole('heading', { level: 1 }).innerText(),
        plan: await page.getByRole('heading', { level: 2 }).first().innerText(),
      };

      expect(fromFooter).toEqual(fromCard);
      expect(new URL(fromCard.url).pathname).toBe(`/services/${platform.toLowerCase()}`);
      expect(fromCard.heading).toBe(`${platform} Growth Services`);
      expect(fromCard.plan).toBe(`${platform} Packages`);
    });
  });
});
