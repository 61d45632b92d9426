/**
 * The refill guarantee (docs/refill.md) through the real server, the API v2 stand-in and Chromium:
 * the admin gives YouTube's Growth tier, delivered by the stand-in's 'Instagram Followers [Real]'
 * (a service that refills), a 30-day guarantee in the plan editor; the pricing card shows
 * '30-day refill guarantee'; a customer buys Growth with the sandbox card; while the provider has
 * not started (Pending, "0" and "0") the card says nothing of progress; once the provider completes
 * the order, the customer's card under /services/completed offers "Request refill"; the customer
 * clicks it and sees it settle as the provider works: 'Refill requested', 'Refill in progress',
 * 'Refilled on <date>'; the stand-in got exactly one `refill` for that order; a second request the
 * same day is refused with the next moment named. Staff then see the refill in the task card and
 * ask for another one themselves, after the confirmation.
 */
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { buyWithSandbox, signUpCustomer, type Customer } from '../support/customers';
import { ADMIN, buyWithSandboxCard, reloadUntil, SERVER_WAIT_MS, sleep, useFulfilmentSystem } from '../support/fulfilment-system';
import { artifactsDir, describeInBrowser, getJson, screenshot, sidewaysScroll, withPage } from '../support/harness';
import type { ProviderStandIn } from '../support/provider-stand-in';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
const PROVIDER_KEY = 'refill-e2e-key';
/** The stand-in's 'Instagram Followers [Real]': refill true, 50–10,000. */
const REFILL_SERVICE = '1';
const QUANTITY = 1000;

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

/** The refills the stand-in holds for `orderId`, by id. */
const refillsOf = (provider: ProviderStandIn, orderId: string) => [...provider.refills.entries()].filter(([, refill]) => refill.order === orderId);

/** Every page of the context starts with the admin session in local storage (as the login leaves it). */
async function signInAdmin(context: BrowserContext, session: { token: string; adminId: string }): Promise<void> {
  await context.addInitScript(
    ([token, adminId]) => {
      if (!localStorage.getItem('adminToken')) {
        localStorage.setItem('adminToken', token);
        localStorage.setItem('adminId', adminId);
      }
    },
    [session.token, session.adminId],
  );
}

/** The date as the customer's card writes it ('Nov 25, 2026'), in the browser's time zone. */
const cardDate = (page: Page, iso: string) => page.evaluate((value) => new Date(value).toLocaleDateString('en-US', { dateStyle: 'medium' }), iso);

describeInBrowser('Refill guarantee (real server, API v2 stand-in, Chromium)', () => {
  const shop = useFulfilmentSystem({ providerKey: PROVIDER_KEY });
  const { system } = shop;

  it('the customer clicks Request refill on a completed order and sees it settle; staff see it and ask again', async () => {
    const provider = shop.standIn();
    const admin = await shop.post('/admin/login', ADMIN);
    const plan = await shop.post('/plan/getByName', { name: 'YouTube' });
    const growth = plan.pricing.find((tier: { name: string }) => tier.name === 'Growth');
    expect(growth).toBeDefined();

    // The admin gives Growth a 30-day guarantee in the plan editor's Fulfilment section.
    await withPage(system, DESKTOP, { screenshotOnFailure: 'refill-plan-editor.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      await signInAdmin(context, admin);
      await page.goto(system.url(`/admin/edit-plan/${plan.planId}`));
      const tier = page.getByRole('form', { name: /: Growth$/ });
      await tier.getByLabel('Provider service').selectOption(REFILL_SERVICE);
      const days = tier.getByLabel('Refill guarantee (days)');
      expect(await days.isEnabled()).toBe(true);
      await tier.getByLabel('Quantity').fill(String(QUANTITY));
      // Out of range first: refused in the form, nothing sent.
      await days.fill('400');
      await tier.getByRole('button', { name: /Save fulfilment/ }).click();
      await tier.getByText('Enter the refill guarantee as a whole number of days from 0 to 365 (0: none).').waitFor();
      await days.fill('30');
      await tier.getByRole('button', { name: /Save fulfilment/ }).click();
      await tier.getByText('Saved: Instagram Followers [Real] (#1) × 1,000 · 30-day refill guarantee.', { exact: true }).waitFor();
    });
    const mappings = await getJson(system.url(`/api/admin/fulfilment/mappings?planId=${plan.planId}`), { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(mappings.mappings).toEqual([expect.objectContaining({ pricingId: growth.pricingId, serviceId: REFILL_SERVICE, quantity: QUANTITY, refillDays: 30 })]);

    const customer: Customer = await signUpCustomer(system, { label: 'refill', name: 'Rafa Refill' });
    const link = `https://www.youtube.com/@rafa${Date.now().toString(36)}`;

    // bypassCSP: axe is injected into the pages (the shop's CSP forbids inline scripts).
    await withPage(system, DESKTOP, { session: customer, bypassCSP: true, screenshotOnFailure: 'refill-flow.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);

      // The pricing card says it, from the mapping; the other tiers do not.
      await page.goto(system.url('/services/youtube'));
      const growthCard = page.getByTestId('pricing-tier').filter({ has: page.getByRole('heading', { level: 3, name: 'Growth', exact: true }) });
      await growthCard.getByText('30-day refill guarantee', { exact: true }).waitFor();
      expect(await page.getByText('30-day refill guarantee', { exact: true }).count()).toBe(1);

      await buyWithSandboxCard(page, system, 'Growth', link);
      const upstreamId = await upstreamOrderFor(provider, link);

      // The provider has not started: Pending with "0" and "0". The card never says it started at 0 with 0 left.
      const since = Date.now();
      provider.setOrder(upstreamId, { status: 'Pending', start_count: '0', remains: '0' });
      const deadline = Date.now() + SERVER_WAIT_MS;
      for (;;) {
        const tasks = await shop.post('/admin/tasks', { q: customer.email }, admin.token);
        const checked = tasks.data?.[0]?.fulfilment?.checkedAt;
        if (checked && Date.parse(checked) > since) break;
        if (Date.now() > deadline) throw new Error('the sync pass did not ask the provider about the order');
        await sleep(250);
      }
      const active = page.getByRole('article').filter({ hasText: 'Growth' });
      await reloadUntil(page, system.url('/services/active'), active);
      expect(await active.getByText(/Started at 0\b|(^|[^\d,])0 remaining/).count()).toBe(0);
      // Not completed yet: the guarantee is named, runs from completion, and cannot be asked.
      expect(await active.getByText('30-day refill guarantee, from completion', { exact: true }).isVisible()).toBe(true);
      expect(await active.getByRole('button', { name: /Request refill/ }).count()).toBe(0);

      // The provider completes the order: under Completed, the card offers Request refill.
      provider.setOrder(upstreamId, { status: 'Completed', start_count: '1204', remains: '0' });
      const card = page.getByRole('article').filter({ hasText: 'Growth' });
      await reloadUntil(page, system.url('/services/completed'), card.getByRole('button', { name: /Request refill/ }));
      const listed = await shop.post('/subscription/completedService', { userId: customer.userId }, customer.token);
      const bought = listed.data.find((row: { profileLink: string }) => row.profileLink === link);
      expect(bought.refill).toMatchObject({ state: 'available', days: 30, canRequest: true });
      const until = await cardDate(page, bought.refill.until);
      expect(await card.getByText(`30-day refill guarantee until ${until}`, { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText('Ordered', { exact: false }).textContent()).toContain('Quantity 1,000');
      await screenshot(page, 'refill-available-1280.png');
      expect(await axeViolations(page, 'main')).toEqual([]);

      // The customer asks: the card says so at once, and the provider got one refill for this order.
      await card.getByRole('button', { name: /Request refill/ }).click();
      await card.getByText('Refill requested', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: /Request refill/ }).count()).toBe(0);
      const asked = refillsOf(provider, upstreamId);
      expect(asked).toHaveLength(1);
      const [refillId] = asked[0];
      expect(provider.requests.filter((request) => request.action === 'refill').map((request) => request.params)).toEqual([{ action: 'refill', order: upstreamId }]);

      // One in flight per order: a second request now is refused.
      await expect(shop.post('/subscription/refill', { subscriptionId: bought.subscriptionId }, customer.token)).rejects.toThrow(/HTTP 409.*already under way/);

      // The provider works on it, then finishes: the card follows.
      provider.setRefill(refillId, { status: 'In progress' });
      await reloadUntil(page, system.url('/services/completed'), card.getByText('Refill in progress', { exact: true }));
      provider.setRefill(refillId, { status: 'Completed' });
      await reloadUntil(page, system.url('/services/completed'), card.getByText(/^Refilled on /));
      const settled = await shop.post('/subscription/completedService', { userId: customer.userId }, customer.token);
      const refill = settled.data.find((row: { profileLink: string }) => row.profileLink === link).refill;
      expect(refill).toMatchObject({ state: 'completed', canRequest: false });
      expect(await card.getByText(`Refilled on ${await cardDate(page, refill.settledAt)}`, { exact: true }).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: /Request refill/ }).count()).toBe(0);
      // One a day: the card says from when the next one can be asked, and the server refuses before.
      expect(await card.getByText(/^You can ask for another refill from /).isVisible()).toBe(true);
      await expect(shop.post('/subscription/refill', { subscriptionId: bought.subscriptionId }, customer.token)).rejects.toThrow(/HTTP 409.*after/);
      expect(provider.refillCount()).toBe(1);
      await screenshot(page, 'refill-completed-1280.png');
      expect(await axeViolations(page, 'main')).toEqual([]);
      await page.setViewportSize(PHONE);
      expect(await sidewaysScroll(page)).toBe(0);
      await card.screenshot({ path: path.join(artifactsDir, 'refill-completed-375.png') });
    });

    // Staff: the task card shows the refill; they ask the provider for another one after the confirmation.
    await withPage(system, DESKTOP, { bypassCSP: true, screenshotOnFailure: 'refill-staff.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      await signInAdmin(context, admin);
      await page.goto(system.url(`/admin/tasks?q=${encodeURIComponent(customer.email)}`));
      const details = page.getByRole('button', { name: /^Details/ });
      await details.first().click();
      const order: Locator = page.getByRole('article').filter({ hasText: customer.email });
      const block = order.getByRole('group', { name: 'Refill' });
      await block.waitFor();
      expect(await block.getByText('Refilled', { exact: true }).isVisible()).toBe(true);
      expect(await block.getByRole('list', { name: 'Refills asked' }).getByRole('listitem').count()).toBe(1);
      expect(await block.getByText(/^Customer · /).isVisible()).toBe(true);

      await order.getByRole('button', { name: /^Refill: YouTube/ }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Ask the provider for a refill?' });
      await dialog.getByRole('button', { name: 'Ask for refill' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(/^YouTube order \S+: Refill asked of the provider; the sync pass follows it\.$/).waitFor();
      await block
        .getByRole('list', { name: 'Refills asked' })
        .getByText(/^Staff · /)
        .waitFor();
      expect(await block.getByRole('list', { name: 'Refills asked' }).getByRole('listitem').count()).toBe(2);
      await screenshot(page, 'refill-staff-1280.png');
      expect(await axeViolations(page, 'main')).toEqual([]);
    });

    // Two refills, one by the customer and one by staff; nothing ordered twice.
    expect(provider.refillCount()).toBe(2);
    expect(provider.addCount()).toBe(1);
  });

  it('a panel without refills: the customer reads a plain refusal, staff read it once on the provider card', async () => {
    const provider = shop.standIn();
    const admin = await shop.post('/admin/login', ADMIN);
    const plan = await shop.post('/plan/getByName', { name: 'YouTube' });
    const tierIndex = plan.pricing.findIndex((tier: { name: string }) => tier.name === 'Growth');
    await shop.post(
      '/admin/fulfilment/mapping',
      { pricingId: plan.pricing[tierIndex].pricingId, serviceId: REFILL_SERVICE, quantity: QUANTITY, refillDays: 30 },
      admin.token,
    );

    const customer: Customer = await signUpCustomer(system, { label: 'norefill', name: 'Nora Norefill' });
    const link = `https://www.youtube.com/@nora${Date.now().toString(36)}`;
    await buyWithSandbox(system, customer, { plan: 'YouTube', tier: tierIndex, profileLink: link });
    const upstreamId = await upstreamOrderFor(provider, link);
    provider.setOrder(upstreamId, { status: 'Completed', start_count: '310', remains: '0' });
    provider.refillSupport = false;
    const before = provider.refillCount();

    await withPage(system, PHONE, { session: customer, screenshotOnFailure: 'refill-unsupported.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      const card = page.getByRole('article').filter({ hasText: 'Growth' });
      await reloadUntil(page, system.url('/services/completed'), card.getByRole('button', { name: /Request refill/ }));
      await card.getByRole('button', { name: /Request refill/ }).click();
      await card.getByText('Refill rejected by the provider', { exact: true }).waitFor();
      // Said once, as the problem it is: no success line beside it, no button (nothing was refilled, nothing is in flight).
      expect(await card.getByText('This provider does not offer refills for this order. Our team has been told.', { exact: true }).count()).toBe(1);
      expect(await card.getByRole('status').count()).toBe(0);
      expect(await card.getByText('Refill requested', { exact: true }).count()).toBe(0);
      expect(await sidewaysScroll(page)).toBe(0);
      await card.screenshot({ path: path.join(artifactsDir, 'refill-unsupported-375.png') });
    });
    expect(provider.refillCount()).toBe(before + 1);

    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(system, viewport, { screenshotOnFailure: `refill-provider-card-${viewport.width}.png` }, async (page, context) => {
        context.setDefaultTimeout(15_000);
        await signInAdmin(context, admin);
        await page.goto(system.url('/admin/dashboard'));
        const card = page.getByRole('region', { name: 'Provider' });
        await card.getByText(/^This provider panel does not offer refills \(it answered "Incorrect request" when asked for one\)/).waitFor();
        expect(await card.getByText(/does not offer refills/).count()).toBe(1);
        expect(await sidewaysScroll(page)).toBe(0);
        await card.screenshot({ path: path.join(artifactsDir, `refill-provider-card-${viewport.width}.png`) });
      });
    }
    provider.refillSupport = true;
  });
});
