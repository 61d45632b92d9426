/**
 * The customer's Active and Completed lists through the real server and Chromium: a
 * customer registered over the API buys YouTube eight times through the sandbox payment flow
 * (order, a Razorpay-style signature, verify), then pages through Active (6 + 2) with Next,
 * Previous, reload and Back, opens a card's details, visits Completed and the profile's counters,
 * at desktop and phone widths.
 *
 * No route completes a subscription yet (the admin's status change comes later) and the embedded
 * profile's database is inside the server, so Completed is checked empty and the counters read
 * Active 8 / Completed 0 / Total services 8.
 */
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { buyWithSandbox, SANDBOX_KEY_SECRET, signUpCustomer, type Customer } from '../support/customers';
import { describeInBrowser, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const PURCHASES = 8;

/** The distinct left edges of the cards on the page (one per grid column). */
async function columns(page: Page): Promise<number> {
  const lefts = await page.getByRole('article').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

describeInBrowser('Active and Completed lists (real server, Chromium)', () => {
  const system = useSystem({
    browser: true,
    env: { SMTP_URL: '', GOOGLE_CLIENT_ID: '', PAYMENTS_PROVIDER: 'sandbox', RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET },
  });
  let customer: Customer | undefined;
  const links: string[] = [];

  beforeAll(async () => {
    const who = await signUpCustomer(system, { label: 'lists', name: 'Lena Lists' });
    for (let n = 1; n <= PURCHASES; n++) {
      const link = `https://www.youtube.com/@lena${n}`;
      // One purchase through the sandbox: order, the signature Razorpay's checkout would hand back, verify.
      const subscription = await buyWithSandbox(system, who, { profileLink: link });
      expect([subscription.Status, subscription.profileLink]).toEqual([0, link]);
      links.push(link);
    }
    customer = who;
  });

  /** A page signed in as the customer (the session as the login leaves it, docs/product.md#roles). */
  async function withCustomerPage<T>(viewport: { width: number; height: number }, fn: (page: Page) => Promise<T>, options: { bypassCSP?: boolean } = {}) {
    expect(customer).toBeDefined();
    return withPage(system, viewport, { ...options, session: customer, screenshotOnFailure: `services-lists-failed-${viewport.width}.png` }, fn);
  }

  test('pages through Active (6 then 2) with Next, Previous, reload and Back; details; Completed; the profile counters', async () => {
    await withCustomerPage(DESKTOP, async (page) => {
      await page.goto(system.url('/services/active'));
      await page.getByRole('heading', { level: 1, name: 'Active Services' }).waitFor();
      const main = page.getByRole('main');
      await main.getByText(`Showing 1–6 of ${PURCHASES}`).waitFor();
      const cards = main.getByRole('article');
      expect(await cards.count()).toBe(6);
      expect(await main.getByText('Page 1 of 2', { exact: true }).isVisible()).toBe(true);
      const previous = main.getByRole('button', { name: 'Previous' });
      const next = main.getByRole('button', { name: 'Next' });
      expect([await previous.isDisabled(), await next.isDisabled()]).toEqual([true, false]);
      expect(await columns(page)).toBe(3);

      // Newest first: the last purchase leads; every chip says In Process.
      const first = cards.first();
      expect(await first.getByRole('heading', { name: 'YouTube' }).isVisible()).toBe(true);
      expect(await first.getByText('Status: In Process', { exact: true }).isVisible()).toBe(true);
      expect(await main.getByText('Status: In Process', { exact: true }).count()).toBe(6);
      const open = first.getByRole('link', { name: /^Open Profile/ });
      expect(await open.getAttribute('href')).toBe(links[PURCHASES - 1]);
      expect(await open.getAttribute('target')).toBe('_blank');
      expect(await open.getAttribute('rel')).toBe('noopener noreferrer');

      // Details: collapsed, then open with the order, the payment and the amount, then closed again.
      const toggle = first.getByRole('button', { name: 'View Details' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const details = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      expect(await details.isVisible()).toBe(false);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await details.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const text = await details.innerText();
      expect(text).toMatch(/Order ID\s+order_\w+/i);
      expect(text).toMatch(/Payment ID\s+pay_\w{14}/i);
      expect(text).toMatch(/Pricing amount\s+\$\d+\.\d{2}/i);
      expect(text).toMatch(/Created at\s+\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/i);
      await screenshot(page, 'services-active-1280.png');
      await page.keyboard.press('Space');
      await details.waitFor({ state: 'hidden' });

      // Next: page 2 in the address, the two oldest purchases, Next disabled.
      await next.click();
      await page.waitForURL((url) => url.search === '?page=2');
      await main.getByText(`Showing 7–8 of ${PURCHASES}`).waitFor();
      expect(await cards.count()).toBe(2);
      expect(await main.getByText('Page 2 of 2', { exact: true }).isVisible()).toBe(true);
      expect([await previous.isDisabled(), await next.isDisabled()]).toEqual([false, true]);
      expect(
        await cards
          .last()
          .getByRole('link', { name: /^Open Profile/ })
          .getAttribute('href'),
      ).toBe(links[0]);

      // A reload stays on page 2.
      await page.reload();
      await main.getByText(`Showing 7–8 of ${PURCHASES}`).waitFor();
      expect(await cards.count()).toBe(2);

      // Previous goes back to page 1; the browser's Back returns to page 2.
      await previous.click();
      await page.waitForURL((url) => url.pathname === '/services/active' && url.search === '');
      await main.getByText(`Showing 1–6 of ${PURCHASES}`).waitFor();
      expect(await cards.count()).toBe(6);
      await page.goBack();
      await page.waitForURL((url) => url.search === '?page=2');
      await main.getByText(`Showing 7–8 of ${PURCHASES}`).waitFor();

      // Completed: nothing completed yet; its way back leads to Active.
      await main.getByRole('link', { name: 'View Completed Services' }).click();
      await page.waitForURL((url) => url.pathname === '/services/completed');
      await page.getByRole('heading', { level: 1, name: 'Completed Services' }).waitFor();
      await main.getByText('No completed services found.', { exact: true }).waitFor();
      expect(await main.getByRole('article').count()).toBe(0);
      await main.getByRole('link', { name: /Back to Active Services/ }).click();
      await page.waitForURL((url) => url.pathname === '/services/active' && url.search === '');
      await main.getByText(`Showing 1–6 of ${PURCHASES}`).waitFor();

      // The profile counts the same purchases.
      await main.getByRole('link', { name: /Back to Profile/ }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 1, name: 'Lena Lists' }).waitFor();
      const counter = (label: string) =>
        main
          .getByRole('listitem')
          .filter({ has: page.getByText(label, { exact: true }) })
          .innerText();
      expect((await counter('Active')).replace(/\s+/g, ' ').trim()).toBe(`${PURCHASES} Active`);
      expect((await counter('Completed')).replace(/\s+/g, ' ').trim()).toBe('0 Completed');
      expect((await counter('Total services')).replace(/\s+/g, ' ').trim()).toBe(`${PURCHASES} Total services`);
    });
  });

  test('at 360 px: one column, nothing sideways, the pager and the navigation in reach', async () => {
    await withCustomerPage(PHONE, async (page) => {
      await page.goto(system.url('/services/active?page=2'));
      const main = page.getByRole('main');
      await main.getByText(`Showing 7–8 of ${PURCHASES}`).waitFor();
      expect(await columns(page)).toBe(1);
      expect(await sidewaysScroll(page)).toBe(0);
      for (const name of ['Previous', 'Next']) {
        const box = await main.getByRole('button', { name }).boundingBox();
        expect([name, !!box && box.x >= 0 && box.x + box.width <= PHONE.width]).toEqual([name, true]);
      }
      await main.getByRole('button', { name: 'Previous' }).click();
      await main.getByText(`Showing 1–6 of ${PURCHASES}`).waitFor();
      expect(await page.getByRole('article').count()).toBe(6);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, 'services-active-360.png');
      expect(await main.getByRole('link', { name: 'View Completed Services' }).isVisible()).toBe(true);
    });
  });

  test.each([
    { path: '/services/active', ready: `Showing 1–6 of ${PURCHASES}` },
    { path: '/services/completed', ready: 'No completed services found.' },
  ])("$path has no serious or critical axe violation (with a card's details open, if any) at both widths", async ({ path, ready }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      // The shop's CSP forbids inline scripts: let the test inject axe (this context only).
      await withCustomerPage(
        viewport,
        async (page) => {
          await page.goto(system.url(path));
          await page.getByRole('main').getByText(ready).waitFor();
          const toggle = page.getByRole('button', { name: 'View Details' }).first();
          if (await toggle.count()) await toggle.click();
          expect([path, viewport.width, await axeViolations(page)]).toEqual([path, viewport.width, []]);
        },
        { bypassCSP: true },
      );
    }
  });
});
