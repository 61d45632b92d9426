/**
 * Automatic fulfilment through the real server, an API v2 provider panel stand-in and Chromium
 * (issue 10): the admin maps YouTube's Growth tier to the stand-in's 'YouTube Views' service; a
 * customer buys Growth with the sandbox card in the browser and sees it In Process under Active;
 * the stand-in receives exactly one `add` with that profile link; while the stand-in says
 * In progress the card shows its start count and remains; once the stand-in says Completed the
 * order moves to the customer's Completed list by itself (the server's own sync job, every 500 ms
 * here), chip 'Completed', and nothing was ordered twice.
 *
 * The stand-in (e2e/support/provider-stand-in.js) runs in this process; the server is the built one
 * with FULFILMENT_PROVIDER=api-v2 pointed at it. The admin is the development one the server seeds
 * unless ADMIN_EMAIL / ADMIN_PASSWORD are set for the run.
 */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_KEY_SECRET, signUpCustomer, type Customer } from '../support/customers';
import { describeInBrowser, getJson, screenshot, useSystem, withPage } from '../support/harness';
import { startProviderStandIn, type ProviderStandIn } from '../support/provider-stand-in';

const DESKTOP = { width: 1280, height: 900 };
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };
const PROVIDER_KEY = 'fulfilment-e2e-key';
/** The stand-in's 'YouTube Views' service (min 100, max 1,000,000). */
const SERVICE_ID = '3';
const QUANTITY = 1000;
/** How long the server may take to place the order and to notice the provider's answer (it syncs every 500 ms). */
const SERVER_WAIT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads `url` again and again (as a customer pressing reload would) until `locator` shows, for at
 * most `timeoutMs`; fails with the page's text when it never does.
 */
async function reloadUntil(page: Page, url: string, locator: Locator, timeoutMs = SERVER_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The list has answered once its loading state is gone.
    await page.locator('section[aria-busy="false"]').waitFor();
    if (await locator.isVisible()) return;
    if (Date.now() > deadline) {
      throw new Error(`Not shown within ${timeoutMs} ms on ${url}; the page says:\n${(await page.locator('main').innerText()).slice(0, 1000)}`);
    }
    await sleep(500);
  }
}

describeInBrowser('Automatic fulfilment (real server, API v2 stand-in, Chromium)', () => {
  let standIn: ProviderStandIn | undefined;
  const env: Record<string, string> = {
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    PAYMENTS_PROVIDER: 'sandbox',
    RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET,
    FULFILMENT_PROVIDER: 'api-v2',
    PROVIDER_KEY,
    FULFILMENT_SYNC_EVERY_MS: '500',
  };
  // Before useSystem's beforeAll: the server is started with the stand-in's URL (env is read then).
  beforeAll(async () => {
    standIn = await startProviderStandIn({ key: PROVIDER_KEY });
    env.PROVIDER_URL = standIn.url;
  });
  const system = useSystem({ browser: true, env });
  afterAll(async () => {
    await standIn?.close();
  });

  function theStandIn(): ProviderStandIn {
    if (!standIn) throw new Error('the provider stand-in did not start (see the beforeAll error above)');
    return standIn;
  }

  function post(path: string, body: unknown, token?: string): Promise<any> {
    return getJson(system.url(`/api${path}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }

  it('a paid order is placed upstream once, and moves to Completed by itself when the provider says so', async () => {
    const provider = theStandIn();

    // The admin delivers YouTube's Growth tier with the provider's YouTube Views, 1,000 a purchase.
    const login = await post('/admin/login', ADMIN);
    expect(login).toMatchObject({ success: true, message: 'Login successful' });
    const plan = await post('/plan/getByName', { name: 'YouTube' });
    const growth = plan.pricing.find((tier: { name: string }) => tier.name === 'Growth');
    expect(growth).toBeDefined();
    const mapped = await post('/admin/fulfilment/mapping', { pricingId: growth.pricingId, serviceId: SERVICE_ID, quantity: QUANTITY }, login.token);
    expect(mapped.mapping).toEqual({ pricingId: growth.pricingId, serviceId: SERVICE_ID, serviceName: 'YouTube Views', quantity: QUANTITY });

    const customer: Customer = await signUpCustomer(system, { label: 'fulfilment', name: 'Fern Fulfilment' });
    const link = `https://www.youtube.com/@fern${Date.now().toString(36)}`;

    await withPage(system, DESKTOP, { session: customer, screenshotOnFailure: 'fulfilment-flow.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);

      // The customer pays with the sandbox card in the browser.
      await page.goto(system.url('/services/youtube'));
      const tier = page.getByTestId('pricing-tier').filter({ has: page.getByRole('heading', { level: 3, name: 'Growth', exact: true }) });
      await tier.getByRole('button', { name: 'Buy Now: Growth' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enter your profile link' });
      await dialog.getByLabel('Profile link').fill(link);
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('dialog', { name: 'Pay with a test card' }).getByRole('button', { name: 'Visa •••• 1111 — payment succeeds' }).click();
      const verified = page.getByRole('alertdialog', { name: 'Verified successfully' });
      await verified.waitFor();
      await verified.getByRole('link', { name: 'View Active Services' }).click();

      // Active: In Process.
      await page.waitForURL((url) => url.pathname === '/services/active');
      const active = page.getByRole('article').filter({ hasText: 'Growth' });
      await active.waitFor();
      expect(await active.getByText('Status: In Process', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('article').count()).toBe(1);

      // The order went upstream exactly once, with the customer's link, the mapped service and quantity.
      const deadline = Date.now() + SERVER_WAIT_MS;
      while (provider.addCount() === 0 && Date.now() < deadline) await sleep(100);
      const adds = provider.requests.filter((request) => request.action === 'add');
      expect(adds.map((request) => request.params)).toEqual([{ action: 'add', service: SERVICE_ID, link, quantity: String(QUANTITY) }]);
      const placed = [...provider.orders.entries()].filter(([, order]) => order.link === link);
      expect(placed).toHaveLength(1);
      const [upstreamId] = placed[0];

      // The provider is under way: the card shows how far (grouped like the card's dates), still In Process.
      provider.setOrder(upstreamId, { status: 'In progress', start_count: '1204', remains: '350' });
      await reloadUntil(page, system.url('/services/active'), active.getByText('Started at 1,204 · 350 remaining', { exact: true }));
      expect(await active.getByText('Status: In Process', { exact: true }).isVisible()).toBe(true);

      // The provider finishes: without anyone touching the order, it shows under Completed.
      provider.setOrder(upstreamId, { status: 'Completed', start_count: '1204', remains: '0' });
      const completed = page.getByRole('article').filter({ hasText: 'Growth' });
      await reloadUntil(page, system.url('/services/completed'), completed);
      expect(await completed.getByText('Status: Completed', { exact: true }).isVisible()).toBe(true);
      expect(await completed.getByText('Started at 1,204 · 0 remaining', { exact: true }).isVisible()).toBe(true);
      expect(await completed.getByRole('link', { name: /Open Profile/ }).getAttribute('href')).toBe(link);
      expect(await page.getByRole('article').count()).toBe(1);
      await screenshot(page, 'fulfilment-completed-1280.png');

      await page.goto(system.url('/services/active'));
      await page.getByText('No active services found.', { exact: true }).waitFor();
    });

    // Nothing was ordered twice; besides the services list (the mapping's check) the server only asked statuses.
    expect(provider.addCount()).toBe(1);
    expect([...new Set(provider.requests.map((request) => request.action))].sort()).toEqual(['add', 'services', 'status']);
    expect(provider.requests.every((request) => request.keyOk)).toBe(true);
  });
});
