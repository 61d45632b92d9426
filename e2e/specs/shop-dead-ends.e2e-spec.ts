/**
 * The customer's shop without dead ends, as a person meets it in Chromium at phone (375 px) and
 * desktop (1280 px) width, through the real server: a service without a plan on sale is not in the
 * catalogue (and the admin's dashboard says why); the checkout's link field knows the platform;
 * after paying the dialog shows what was bought, and a declined payment can be tried again for the
 * same order; a signed-in customer's pricing banner speaks to them. Screenshots in e2e/artifacts.
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, getJson, screenshot, useSystem, withPage } from '../support/harness';
import { signUpCustomer, type Customer } from '../support/customers';

const WIDTHS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
];
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };

describeInBrowser('The shop has no dead ends (real server, Chromium)', () => {
  const system = useSystem({ browser: true });
  let customer: Customer;
  let adminToken: string;

  const post = (path: string, body: unknown, token?: string) =>
    getJson(system.url(`/api${path}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    customer = await signUpCustomer(system, { label: 'asha', name: 'Asha Rao' });
    adminToken = (await post('/admin/login', ADMIN)).token;
    await post(
      '/services/create',
      { serviceHeading: 'Myspace', serviceDescription: 'Friends for your page.', serviceContent: JSON.stringify([{ key: 'Friends', value: '1,000' }]) },
      adminToken,
    );
  });

  async function buy(page: Page, platform: string, tier = 'Growth') {
    await page.goto(system.url(`/services/${platform}`));
    await page.getByRole('button', { name: `Buy Now: ${tier}` }).click();
    return page.getByRole('dialog', { name: 'Enter your profile link' });
  }

  test.each(WIDTHS)('a service without a plan on sale is not in the catalogue ($name)', async ({ name, viewport }) => {
    await withPage(system, viewport, { screenshotOnFailure: `dead-ends-catalogue-${name}-failure.png` }, async (page) => {
      await page.goto(system.url('/services'));
      await page
        .getByRole('link', { name: /View Package/ })
        .first()
        .waitFor();
      const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
      expect(headings).toEqual(expect.arrayContaining(['YouTube', 'Instagram', 'Facebook']));
      expect(headings).not.toContain('Myspace');
      // Its would-be address is no page: 404, and the Not Found page.
      const response = await page.goto(system.url('/services/myspace'));
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await screenshot(page, `dead-ends-myspace-404-${name}.png`);
    });
  });

  test.each(WIDTHS)("the admin's dashboard says why a service is hidden, and previews it ($name)", async ({ name, viewport }) => {
    await withPage(system, viewport, {}, async (page, context) => {
      await context.addInitScript(
        ([token]) => {
          localStorage.setItem('adminToken', token);
          localStorage.setItem('adminId', 'admin');
        },
        [adminToken],
      );
      await page.goto(system.url('/admin/dashboard'));
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Myspace' }) });
      await card.getByText('Not listed: no Active plan with a tier').waitFor();
      await screenshot(page, `dead-ends-admin-dashboard-${name}.png`);
      await card.getByRole('button', { name: 'Preview Myspace' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview: Myspace' });
      await preview.getByText('Friends for your page.').waitFor();
      await screenshot(page, `dead-ends-admin-preview-${name}.png`, { fullPage: false });
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
    });
  });

  test.each(WIDTHS)('the link field knows the platform: Instagram and YouTube ($name)', async ({ name, viewport }) => {
    await withPage(system, viewport, { session: customer, screenshotOnFailure: `dead-ends-link-${name}-failure.png` }, async (page) => {
      let dialog = await buy(page, 'instagram');
      const field = dialog.getByLabel('Profile link');
      expect(await field.getAttribute('placeholder')).toBe('https://www.instagram.com/yourname');
      await field.fill('https://www.youtube.com/@asha');
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await dialog.getByRole('alert').getByText('This link is for YouTube. Please enter your Instagram profile link (instagram.com/…).').waitFor();
      await screenshot(page, `dead-ends-link-refused-${name}.png`, { fullPage: false });
      // A scheme-less address is taken, completed to https://.
      await field.fill('instagram.com/asha.bakes');
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      const card = page.getByRole('dialog', { name: 'Pay with a test card' });
      await card.waitFor();
      await card.getByRole('button', { name: 'Cancel' }).click();

      dialog = await buy(page, 'youtube', 'Starter');
      expect(await dialog.getByLabel('Profile link').getAttribute('placeholder')).toBe('https://www.youtube.com/@yourname');
      await dialog.getByLabel('Profile link').fill('@asha.bakes');
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('dialog', { name: 'Pay with a test card' }).waitFor();
    });
  });

  test.each(WIDTHS)('pay after a decline: Try again reopens the same order, then the receipt ($name)', async ({ name, viewport }) => {
    await withPage(system, viewport, { session: customer, screenshotOnFailure: `dead-ends-pay-${name}-failure.png` }, async (page) => {
      const dialog = await buy(page, 'instagram');
      await dialog.getByLabel('Profile link').fill('@asha.bakes');
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await page
        .getByRole('dialog', { name: 'Pay with a test card' })
        .getByRole('button', { name: /payment is declined/ })
        .click();
      const failed = page.getByRole('alertdialog', { name: 'Payment declined' });
      await failed.getByText(/nothing was charged/).waitFor();
      await screenshot(page, `dead-ends-declined-${name}.png`, { fullPage: false });
      await failed.getByRole('button', { name: 'Try again' }).click();

      // The same order's checkout, not the link dialog.
      const card = page.getByRole('dialog', { name: 'Pay with a test card' });
      await card.waitFor();
      expect(await page.getByRole('dialog', { name: 'Enter your profile link' }).count()).toBe(0);
      await card.getByRole('button', { name: /payment succeeds/ }).click();

      const paid = page.getByRole('alertdialog', { name: 'Verified successfully' });
      await paid.waitFor();
      const text = await paid.textContent();
      expect(text).toContain('Your payment is verified and your order is placed.');
      expect(text).toContain('Instagram · Growth');
      // The shop's own order number, not the gateway's order_… id.
      expect(text).toMatch(/Order numberSG-[0-9A-F]{8}/);
      expect(text).not.toMatch(/order_/);
      expect(text).toContain(`We e-mailed you a confirmation at ${customer.email}.`);
      await screenshot(page, `dead-ends-paid-${name}.png`, { fullPage: false });
      // One order, paid once: the customer's list holds it with the link as completed.
      const orderId = decodeURIComponent(
        (await paid.getByRole('link', { name: 'View Active Services' }).getAttribute('href'))?.replace(/^\/services\/active#order-/, '') ?? '',
      );
      expect(orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
      const list = await post('/subscription/user', { userId: customer.userId }, customer.token);
      expect(list.subscriptions.filter((s: { orderId: string }) => s.orderId === orderId)).toEqual([
        expect.objectContaining({ orderId, profileLink: 'https://www.instagram.com/asha.bakes' }),
      ]);
      // The receipt's link goes to that order's own card, which takes the focus once the list shows it.
      await paid.getByRole('link', { name: 'View Active Services' }).click();
      await page.waitForURL((url) => url.pathname === '/services/active' && url.hash === `#order-${orderId}`);
      const orderCard = page.locator(`article[id="order-${orderId}"]`);
      await orderCard.waitFor();
      await page.waitForFunction((id) => document.activeElement?.id === id, `order-${orderId}`);
      expect(await orderCard.isVisible()).toBe(true);
    });
  });

  test.each(WIDTHS)("a signed-in customer's pricing banner speaks to them, and its button goes to the packages ($name)", async ({ name, viewport }) => {
    await withPage(system, viewport, { session: customer }, async (page) => {
      await page.goto(system.url('/services/youtube'));
      await page.getByRole('button', { name: 'Buy Now: Growth' }).waitFor();
      const banner = page.getByRole('region', { name: 'Ready to start growing?' });
      expect(await banner.getByRole('link', { name: 'Sign In to Get Started' }).count()).toBe(0);
      await banner.getByText('Pick a package above and press Buy Now').waitFor();
      await screenshot(page, `dead-ends-pricing-signed-in-${name}.png`);
      await banner.getByRole('link', { name: 'Choose a Package' }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'packages');
      expect(new URL(page.url()).pathname).toBe('/services/youtube');
      // The platform's logo, as the catalogue shows it (not the letter tile).
      await page.getByRole('img', { name: 'YouTube logo' }).waitFor();
    });
  });

  test('a visitor is asked to sign in, and comes back to the same page', async () => {
    await withPage(system, WIDTHS[1].viewport, {}, async (page) => {
      await page.goto(system.url('/services/youtube'));
      const banner = page.getByRole('region', { name: 'Ready to start growing?' });
      expect(await banner.getByRole('link', { name: 'Sign In to Get Started' }).getAttribute('href')).toBe('/login?next=%2Fservices%2Fyoutube');
    });
  });
});
