/**
 * The owner's Overview (docs/reports.md) through the real server and Chromium: the admin logs in
 * and lands on the Overview, empty on a fresh shop; a customer buys through the sandbox (API); the
 * owner reloads and sees the sale in today's figures, in the chart (a canvas drawn by the lazily
 * loaded chart chunk) and in the chart's data table, then exports the period's orders as CSV and
 * finds that order in the file. A visitor's pages never download the admin remote, hence never the
 * chart library. The Overview, Clients, Tasks and the Audit log at 375 and 1280 px: no sideways
 * scroll, no layout shift while they load, no serious axe finding, and their screenshots. 12 months
 * at both widths: the period shown is the last twelve months to today, compared with the twelve
 * before; no table cell or heading holds content wider than its box; the chart's key is words.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { buyWithSandbox, SANDBOX_KEY_SECRET, signUpCustomer, type Customer } from '../support/customers';
import { describeInBrowser, getJson, recordRequests, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };

async function logIn(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/admin/login'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/admin/overview', { timeout: 10_000 });
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/** The card of one figure: its label, value, note and change as one text. */
async function figure(page: Page, label: string): Promise<string> {
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();
  await item.waitFor();
  return (await item.innerText()).replace(/\s+/g, ' ');
}

describeInBrowser('The Overview (real server, sandbox payments, Chromium)', () => {
  const system = useSystem({
    browser: true,
    env: { SMTP_URL: '', GOOGLE_CLIENT_ID: '', PAYMENTS_PROVIDER: 'sandbox', RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET },
  });
  let customer: Customer | undefined;
  let orderId = '';
  let price = '';

  it('the owner logs in to the Overview, sees today’s sale appear in the figures and on the chart, and exports it', async () => {
    await withPage(system, DESKTOP, { screenshotOnFailure: 'overview-failed-1280.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      const requests = recordRequests(context);
      await logIn(page, system.url);
      await page.getByText('No sales in this period or the one before.').waitFor();
      expect(await page.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');

      // A sale, made through the API as the sandbox checkout makes it.
      customer = await signUpCustomer(system, { label: 'overview', name: 'Ben Buyer' });
      const plan = await getJson(system.url('/api/plan/getByName'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'YouTube' }),
      });
      price = String(plan.pricing[0].price);
      const subscription = await buyWithSandbox(system, customer, { profileLink: `https://www.youtube.com/@ben${Date.now().toString(36)}` });
      orderId = String(subscription.orderId);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      expect(await figure(page, 'Revenue')).toContain(`USD ${price}`);
      expect(await figure(page, 'Paid orders')).toMatch(/^Paid orders 1 \u25B2 \+1 · before: 0$/);
      expect(await figure(page, 'Margin')).toContain(`USD ${price}`);

      // The chart: drawn on a canvas by the chart chunk once its place comes near the screen, described
      // for screen readers.
      const chart = page.getByRole('img', { name: /^Chart: Revenue and paid orders per hour/ });
      await chart.scrollIntoViewIfNeeded();
      await chart.locator('canvas').waitFor();
      expect(await chart.getAttribute('aria-label')).toContain(`USD ${price} from 1 paid orders in USD`);
      const chartChunks = requests.filter((r) => /\/remotes\/admin\/.*\.js$/.test(new URL(r.url()).pathname));
      // The files as the server serves them (a response body is gone once its page navigated away).
      const bodies = await Promise.all(chartChunks.map(async (r) => (await fetch(r.url())).text()));
      expect(bodies.some((body) => body.includes('u-legend'))).toBe(true);

      // Its data table: the hour of the sale holds the order and its amount.
      await page.getByText('Show the numbers as a table').click();
      const table = page.getByRole('table', { name: /Revenue and paid orders per hour/ });
      const saleRows = table.getByRole('row').filter({ has: page.getByRole('cell', { name: price, exact: true }) });
      expect(await saleRows.count()).toBe(1);
      expect(((await saleRows.first().textContent()) ?? '').replace(/\s+/g, ' ')).toMatch(new RegExp(`^\\d\\d:00\\s*1\\s*${price.replace('.', '\\.')}$`));
      expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(24); // a header and every hour of today (23–25)

      // The breakdown names the platform and the tier bought.
      const platforms = page.getByRole('table', { name: 'Per platform' });
      expect((await platforms.innerText()).replace(/\s+/g, ' ')).toContain(`YouTube USD 1 ${price}`);

      await screenshot(page, 'overview-1280.png');

      // The export of today's orders holds the sale.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export orders (CSV)' }).click();
      const download = await downloading;
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      expect(download.suggestedFilename()).toBe(`orders_${today}_${today}.csv`);
      const csv = fs.readFileSync((await download.path()) as string, 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^"order_id","created_at","paid_at","payment_status"/);
      const row = lines.find((line) => line.startsWith(`"${orderId}"`));
      expect(row).toBeDefined();
      expect(row).toContain(`"${customer.email}"`);
      expect(row).toContain(`"${price}"`);
      expect(row).toContain('"paid"');
      await page.getByText(`orders_${today}_${today}.csv downloaded`).waitFor();
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`${viewport.width} px: the Overview, Clients, Tasks and Audit log fit the width, do not move while they load, with no serious axe finding`, async () => {
      expect(orderId).not.toBe('');
      await withPage(system, viewport, { bypassCSP: true, screenshotOnFailure: `overview-pages-failed-${viewport.width}.png` }, async (page, context) => {
        context.setDefaultTimeout(15_000);
        // Every layout shift of a document (what Lighthouse sums as CLS), from its first paint on.
        await context.addInitScript(() => {
          const w = window as unknown as { __shifts: string[] };
          w.__shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>) {
              if (entry.hadRecentInput || entry.value < 0.001) continue;
              const moved = entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?').join(' | ');
              w.__shifts.push(`${entry.value.toFixed(3)}: ${moved}`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const requests = recordRequests(context);
        await logIn(page, system.url);
        const pages: [string, string][] = [
          ['/admin/overview', 'Overview'],
          ['/admin/client', 'Clients'],
          ['/admin/tasks', 'Tasks'],
          ['/admin/audit', 'Audit Log'],
        ];
        for (const [target, title] of pages) {
          await page.goto(system.url(target));
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          await page.waitForLoadState('networkidle');
          await page.locator('.kit-spinner').first().waitFor({ state: 'detached' });
          if (target === '/admin/overview') {
            if (viewport === PHONE) {
              // Below the figures on a phone: the chart library is not downloaded before the owner scrolls there.
              const scripts = requests.filter((r) => /\/remotes\/admin\/.*\.js$/.test(new URL(r.url()).pathname));
              const bodies = await Promise.all(scripts.map(async (r) => (await fetch(r.url())).text()));
              expect(bodies.filter((body) => body.includes('u-legend'))).toEqual([]);
            }
            const chart = page.getByRole('img', { name: /^Chart:/ });
            await chart.scrollIntoViewIfNeeded();
            await chart.locator('canvas').waitFor();
          }
          expect([target, await sidewaysScroll(page)]).toEqual([target, 0]);
          // A page loads in place: nothing drawn moves when the list or the figures arrive.
          expect([target, await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)]).toEqual([target, []]);
          expect([target, await axeViolations(page)]).toEqual([target, []]);
          await screenshot(page, `overview${target.replace(/\//g, '-')}-${viewport.width}.png`);
        }
      });
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    it(`${viewport.width} px: 12 months is the last twelve months (to today), compared with the twelve before; no cell is clipped; the chart's key reads in words`, async () => {
      expect(orderId).not.toBe('');
      await withPage(system, viewport, { bypassCSP: true, screenshotOnFailure: `overview-12m-failed-${viewport.width}.png` }, async (page, context) => {
        context.setDefaultTimeout(15_000);
        await logIn(page, system.url);
        await page.getByRole('button', { name: '12 months', exact: true }).click();
        await page.waitForURL(/period=12m/);
        expect(await page.getByRole('button', { name: '12 months', exact: true }).getAttribute('aria-pressed')).toBe('true');

        // The dates the owner should read, from the browser's own today (docs/reports.md#a-period):
        // tomorrow's date a year back (the month's last day when shorter) to today; the period before
        // ends the day before and starts twelve months earlier.
        const expected = await page.evaluate(() => {
          const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
          const label = (d: Date) => `${d.getDate()} ${months[d.getMonth()]} ${d.getFullYear()}`;
          const yearBack = (d: Date) => new Date(d.getFullYear() - 1, d.getMonth(), Math.min(d.getDate(), new Date(d.getFullYear() - 1, d.getMonth() + 1, 0).getDate()));
          const now = new Date();
          const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
          const from = yearBack(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1));
          const previousTo = new Date(from.getFullYear(), from.getMonth(), from.getDate() - 1);
          const previousFrom = yearBack(from);
          return { period: `${label(from)} – ${label(today)}`, previous: `${label(previousFrom)} – ${label(previousTo)}` };
        });
        const said = page.getByText(`${expected.period} (`);
        await said.waitFor();
        expect(((await said.textContent()) ?? '').replace(/\s+/g, ' ')).toMatch(new RegExp(`^${expected.period} \\([^)]+\\), compared with ${expected.previous}\\.$`));

        // The chart's caption names the same period, per month; its key is words.
        const chart = page.getByRole('img', { name: /^Chart: Revenue and paid orders per month/ });
        await chart.scrollIntoViewIfNeeded();
        await chart.locator('canvas').waitFor();
        const key = page.getByRole('list', { name: 'Key to the chart' });
        const keyText = (await key.innerText()).replace(/\s+/g, ' ');
        expect(keyText).toContain('Bars: revenue in');
        expect(keyText).toContain('Line: number of paid orders');
        const shownAroundChart = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
        expect(shownAroundChart).not.toContain('--');
        expect(shownAroundChart).not.toMatch(/When:\s*(Revenue|$)/);

        // Every table cell and heading of the Overview holds its content inside its box.
        await page.getByText('Show the numbers as a table').click();
        await page.getByRole('table', { name: /Revenue and paid orders per month/ }).waitFor();
        const clipped = await page.locator('main').evaluate((main) =>
          [...main.querySelectorAll('th, td, h1, h2, h3, caption')]
            // A heading kept for screen readers only (1 px wide by design) is no box a user reads.
            .filter((cell) => cell.getBoundingClientRect().width > 1)
            .filter((cell) => (cell as HTMLElement).scrollWidth > (cell as HTMLElement).clientWidth)
            .map(
              (cell) => `${cell.tagName} "${(cell.textContent ?? '').trim().slice(0, 40)}" ${(cell as HTMLElement).scrollWidth} > ${(cell as HTMLElement).clientWidth}`,
            ),
        );
        expect(clipped).toEqual([]);
        expect(await sidewaysScroll(page)).toBe(0);
        await screenshot(page, `overview-12m-${viewport.width}.png`);
      });
    });
  }

  it('a visitor’s pages (/ and /services) never download the admin remote, so never the chart library', async () => {
    await withPage(system, DESKTOP, {}, async (page, context) => {
      const requests = recordRequests(context);
      for (const target of ['/', '/services']) {
        await page.goto(system.url(target));
        await page.waitForLoadState('networkidle');
      }
      const paths = requests.map((r) => new URL(r.url()).pathname);
      expect(paths.some((p) => p.startsWith('/remotes/storefront/'))).toBe(true);
      expect(paths.filter((p) => p.startsWith('/remotes/admin/'))).toEqual([]);
    });
  });
});
