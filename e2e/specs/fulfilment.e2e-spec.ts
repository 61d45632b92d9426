/**
 * Automatic fulfilment through the real server, an API v2 provider panel stand-in and Chromium
 * (docs/fulfilment.md): the admin maps YouTube's Growth tier to the stand-in's 'YouTube Views' service; a
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
import { signUpCustomer, type Customer } from '../support/customers';
import { buyWithSandboxCard, mapYouTubeTier, QUANTITY, reloadUntil, SERVER_WAIT_MS, SERVICE_ID, sleep, useFulfilmentSystem } from '../support/fulfilment-system';
import { describeInBrowser, screenshot, withPage } from '../support/harness';

const DESKTOP = { width: 1280, height: 900 };
const PROVIDER_KEY = 'fulfilment-e2e-key';

describeInBrowser('Automatic fulfilment (real server, API v2 stand-in, Chromium)', () => {
  const shop = useFulfilmentSystem({ providerKey: PROVIDER_KEY });
  const { system } = shop;

  it('a paid order is placed upstream once, and moves to Completed by itself when the provider says so', async () => {
    const provider = shop.standIn();

    // The admin delivers YouTube's Growth tier with the provider's YouTube Views, 1,000 a purchase.
    const { login, tier: growth, mapped } = await mapYouTubeTier(shop, 'Growth');
    expect(login).toMatchObject({ success: true, message: 'Login successful' });
    expect(growth).toBeDefined();
    expect(mapped.mapping).toEqual({ pricingId: growth.pricingId, serviceId: SERVICE_ID, serviceName: 'YouTube Views', quantity: QUANTITY, refillDays: 0 });

    const customer: Customer = await signUpCustomer(system, { label: 'fulfilment', name: 'Fern Fulfilment' });
    const link = `https://www.youtube.com/@fern${Date.now().toString(36)}`;

    await withPage(system, DESKTOP, { session: customer, screenshotOnFailure: 'fulfilment-flow.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);

      // The customer pays with the sandbox card in the browser.
      const verified = await buyWithSandboxCard(page, system, 'Growth', link);
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
      expect(await completed.getByText('Started at 1,204', { exact: true }).isVisible()).toBe(true); // nothing remains to say
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
