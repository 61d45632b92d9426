/**
 * The automatic refund of what the provider did not deliver (docs/refunds.md), through the real
 * server, the API v2 stand-in and Chromium: the admin maps YouTube's Growth tier to the stand-in's
 * 'YouTube Views'; a customer buys Growth with the sandbox card in the browser; the provider
 * cancels the order; without anyone touching it the server's sync job ends the order Canceled and
 * billing refunds the whole price through the sandbox gateway. The customer's card under
 * /services/completed first says the refund is on its way, then 'Refunded $49.99 on <date>', and
 * offers no refund request any more; the outbox holds the "on its way" and the "was processed"
 * mails, once each.
 *
 * The sandbox settles a refund SANDBOX_REFUND_SETTLE_MS after it was sent (through the same
 * webhook handler as Razorpay's): long enough here for a customer reloading the page to see it on
 * its way first.
 */
import { signUpCustomer, type Customer } from '../support/customers';
import { buyWithSandboxCard, mapYouTubeTier, QUANTITY, reloadUntil, SERVER_WAIT_MS, SERVICE_ID, sleep, useFulfilmentSystem } from '../support/fulfilment-system';
import { describeInBrowser, screenshot, withPage } from '../support/harness';
import { readOutbox, type OutboxMail } from '../support/outbox';
import type { ProviderStandIn } from '../support/provider-stand-in';

const DESKTOP = { width: 1280, height: 900 };
const PROVIDER_KEY = 'refunds-e2e-key';
const SETTLE_MS = 6_000;

/** Waits (at most SERVER_WAIT_MS) until the stand-in took an order for `link`; returns its id. */
async function upstreamOrderFor(provider: ProviderStandIn, link: string): Promise<string> {
  const deadline = Date.now() + SERVER_WAIT_MS;
  for (;;) {
    const placed = [...provider.orders.entries()].filter(([, order]) => order.link === link);
    if (placed.length > 0) return placed[0][0];
    if (Date.now() > deadline) throw new Error(`The server placed no order for ${link} within ${SERVER_WAIT_MS} ms`);
    await sleep(100);
  }
}

/** The refund mails to `to` in the outbox, once `count` have arrived (the mail relay is a job of its own), at most 10 s. */
async function refundMailsTo(dataDir: string, to: string, count: number): Promise<OutboxMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = readOutbox(dataDir).filter((mail) => mail.to === to && /refund/i.test(mail.subject));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await sleep(200);
  }
}

describeInBrowser('Automatic refund of a cancelled order (real server, API v2 stand-in, sandbox gateway, Chromium)', () => {
  const shop = useFulfilmentSystem({ providerKey: PROVIDER_KEY, env: { SANDBOX_REFUND_SETTLE_MS: String(SETTLE_MS) } });
  const { system } = shop;

  it('the provider cancels: the customer sees the refund on its way, then "Refunded $49.99 on …", and gets both mails', async () => {
    const provider = shop.standIn();
    const { tier: growth, mapped } = await mapYouTubeTier(shop, 'Growth');
    expect(mapped.mapping).toEqual({ pricingId: growth.pricingId, serviceId: SERVICE_ID, serviceName: 'YouTube Views', quantity: QUANTITY, refillDays: 0 });
    expect(growth.price).toBe('49.99');

    const customer: Customer = await signUpCustomer(system, { label: 'refunds', name: 'Rita Refund' });
    const link = `https://www.youtube.com/@rita${Date.now().toString(36)}`;

    await withPage(system, DESKTOP, { session: customer, screenshotOnFailure: 'refunds-flow.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      const verified = await buyWithSandboxCard(page, system, 'Growth', link);
      await verified.getByRole('link', { name: 'View Active Services' }).click();
      await page.waitForURL((url) => url.pathname === '/services/active');

      // The provider took the order, then cancels it: nothing was delivered.
      const upstreamId = await upstreamOrderFor(provider, link);
      provider.setOrder(upstreamId, { status: 'Canceled' });

      const card = page.getByRole('article').filter({ hasText: 'Growth' });
      await reloadUntil(page, system.url('/services/completed'), card.getByText('Refund of $49.99 on its way', { exact: true }));
      expect(await card.getByText('Status: Canceled', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText(/^Refunded /).count()).toBe(0);

      // Settled by the gateway: the card says when, in the words and date format of the card.
      await reloadUntil(page, system.url('/services/completed'), card.getByText(/^Refunded \$49\.99 on /));
      const listed = await shop.post('/subscription/completedService', { userId: customer.userId }, customer.token);
      const refund = listed.data.find((row: { profileLink: string }) => row.profileLink === link)?.refund;
      expect(refund).toMatchObject({ state: 'processed', requested: '49.99', refunded: '49.99', currency: 'USD' });
      const on = await page.evaluate((iso) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }), refund.refundedAt as string);
      expect(await card.getByText(`Refunded $49.99 on ${on}`, { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText(/on its way/).count()).toBe(0);
      // Everything paid went back: nothing is left to ask for.
      expect(await card.getByRole('button', { name: 'Request a refund' }).count()).toBe(0);
      expect(await page.getByRole('article').count()).toBe(1);
      await screenshot(page, 'refunds-refunded-1280.png');

      // Mails name the shop's order number: SG- and the subscription id's first eight characters.
      const subscriptionId = listed.data.find((row: { profileLink: string }) => row.profileLink === link)?.subscriptionId as string;
      const orderNumber = `SG-${subscriptionId.slice(0, 8).toUpperCase()}`;
      const mails = await refundMailsTo(system.store.dataDir, customer.email, 2);
      expect(mails.map((mail) => mail.subject)).toEqual([`Refund of 49.99 USD on its way (${orderNumber})`, `Your refund of 49.99 USD was processed (${orderNumber})`]);
      expect(mails[0].text).toContain('Part of your order could not be delivered (Canceled by the provider)');
    });

    expect(provider.addCount()).toBe(1);
  });
});
