/**
 * Buy Now through the real server (sandbox payments) and Chromium: a customer buys a
 * YouTube tier with the sandbox's success card and sees it verified, on /services/active and in the
 * profile's counters; the failure card ends in 'Payment declined' and buys nothing; a visitor's Buy
 * Now link leads to /login and back to that tier's checkout; Razorpay's checkout.js is never
 * requested. Signing up inside the checkout: buy-in-place.e2e-spec.ts.
 */
import type { Page, Request } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signUpCustomer, type Customer } from '../support/customers';
import { describeInBrowser, pathOf, recordRequests, screenshot, sidewaysScroll, useSystem, withPage, type PageOptions } from '../support/harness';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const PROFILE_LINK = 'https://www.youtube.com/@ann-example';
/** Screenshots show what the customer sees (the viewport, where the modal is), not the whole page. */
const VIEWPORT_ONLY = { fullPage: false };

function razorpayRequests(requests: Request[]): string[] {
  return requests.map((request) => request.url()).filter((url) => url.includes('razorpay'));
}

/** axe-core's serious and critical findings inside the open dialog. */
function dialogViolations(page: Page): Promise<string[]> {
  return axeViolations(page, 'dialog[open]');
}

describeInBrowser('Checkout (real server, sandbox payments, Chromium)', () => {
  const system = useSystem({ browser: true, env: { SMTP_URL: '', PAYMENTS_PROVIDER: 'sandbox' } });
  let customer: Customer | undefined;

  function theCustomer(): Customer {
    if (!customer) throw new Error('no customer: the first test did not sign one up');
    return customer;
  }

  /**
   * A context signed in as the customer (local storage set before any page script) unless `visitor`;
   * the shop's CSP forbids inline scripts, so it is bypassed to let the test inject axe (this context only).
   */
  function pageOptions(options: { visitor?: boolean } = {}): PageOptions {
    return { bypassCSP: true, session: options.visitor ? undefined : theCustomer() };
  }

  function tier(page: Page, name: string) {
    return page.getByTestId('pricing-tier').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  }

  async function enterProfileLink(page: Page, link: string) {
    const dialog = page.getByRole('dialog', { name: 'Enter your profile link' });
    await dialog.getByLabel('Profile link').fill(link);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    return dialog;
  }

  test('a customer buys Growth with the sandbox success card: Verified successfully, then Active Services', async () => {
    customer = await signUpCustomer(system, { label: 'buyer', name: 'Ann Buyer' });
    await withPage(system, DESKTOP, pageOptions(), async (page, context) => {
      const requests = recordRequests(context);
      await page.goto(system.url('/services/youtube'));
      const growth = tier(page, 'Growth');
      await growth.getByText('Most Popular', { exact: true }).waitFor();
      const buy = growth.getByRole('button', { name: 'Buy Now: Growth' });
      await buy.click();

      // Processing… while the flow runs.
      const processing = growth.getByRole('button', { name: 'Processing…' });
      await processing.waitFor();
      expect(await processing.isDisabled()).toBe(true);

      // The profile link is checked before any order.
      const dialog = page.getByRole('dialog', { name: 'Enter your profile link' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Profile link').evaluate((input) => input === document.activeElement)).toBe(true);
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await dialog.getByText('Profile link is required', { exact: true }).waitFor();
      await enterProfileLink(page, 'not a link');
      await dialog.getByText('Please enter a valid URL', { exact: true }).waitFor();
      expect(requests.filter((request) => request.url().endsWith('/api/payment/order'))).toHaveLength(0);

      await enterProfileLink(page, `  ${PROFILE_LINK}  `);
      const sandbox = page.getByRole('dialog', { name: 'Pay with a test card' });
      await sandbox.getByText('Sandbox checkout — no real money').waitFor();
      for (const text of ['YouTube', 'Growth', '$49.99', PROFILE_LINK]) {
        expect([text, await sandbox.getByText(text, { exact: true }).isVisible()]).toEqual([text, true]);
      }
      await screenshot(page, 'checkout-sandbox-1280.png', VIEWPORT_ONLY);
      expect(await dialogViolations(page)).toEqual([]);
      await sandbox.getByRole('button', { name: 'Visa •••• 1111 — payment succeeds' }).click();

      const result = page.getByRole('alertdialog', { name: 'Verified successfully' });
      await result.getByText('Your payment is verified and your order is placed.').waitFor();
      expect(await page.getByRole('dialog', { name: 'Pay with a test card' }).count()).toBe(0);
      const order = requests.find((request) => request.url().endsWith('/api/payment/order'));
      expect(order?.postDataJSON()).toMatchObject({ userId: theCustomer().userId, currency: 'USD', profileLink: PROFILE_LINK });
      expect(requests.filter((request) => /\/api\/payment\/(order|sandbox\/checkout|verify)$/.test(request.url())).map((r) => new URL(r.url()).pathname)).toEqual([
        '/api/payment/order',
        '/api/payment/sandbox/checkout',
        '/api/payment/verify',
      ]);
      await screenshot(page, 'checkout-verified-1280.png', VIEWPORT_ONLY);
      expect(await dialogViolations(page)).toEqual([]);

      await result.getByRole('link', { name: 'View Active Services' }).click();
      await page.waitForURL((url) => url.pathname === '/services/active');
      await page.getByRole('heading', { level: 1, name: 'Active Services' }).waitFor();
      const card = page.getByRole('article').filter({ hasText: 'Growth' });
      await card.waitFor();
      expect(await card.getByText('Status: In Process', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByRole('link', { name: /Open Profile/ }).getAttribute('href')).toBe(PROFILE_LINK);

      expect(razorpayRequests(requests)).toEqual([]);
    });
  });

  test("the failure card ends in 'Payment declined', nothing charged, and buys nothing (360 px); Escape closes a dialog", async () => {
    await withPage(system, PHONE, pageOptions(), async (page, context) => {
      const requests = recordRequests(context);
      await page.goto(system.url('/services/youtube'));
      const starter = tier(page, 'Starter');
      const buy = starter.getByRole('button', { name: 'Buy Now: Starter' });
      await buy.click();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Enter your profile link' }).waitFor({ state: 'detached' });
      expect(await buy.isEnabled()).toBe(true);
      expect(await buy.evaluate((button) => button === document.activeElement)).toBe(true);

      await buy.click();
      await enterProfileLink(page, PROFILE_LINK);
      const sandbox = page.getByRole('dialog', { name: 'Pay with a test card' });
      await sandbox.waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      const declined = sandbox.getByRole('button', { name: 'Visa •••• 0002 — payment is declined' });
      const box = await declined.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await screenshot(page, 'checkout-sandbox-360.png', VIEWPORT_ONLY);
      await declined.click();

      const result = page.getByRole('alertdialog', { name: 'Payment declined' });
      await result.getByText('Your payment was declined, and nothing was charged. You can try again, or use another card or payment method.').waitFor();
      await result.getByRole('button', { name: 'Try again' }).waitFor();
      expect(requests.some((request) => request.url().endsWith('/api/payment/verify'))).toBe(false);
      await screenshot(page, 'checkout-failed-360.png', VIEWPORT_ONLY);
      expect(await dialogViolations(page)).toEqual([]);
      await result.getByRole('button', { name: 'Close' }).click();
      expect(await buy.isEnabled()).toBe(true);

      // The profile counts the one paid purchase only.
      await page.goto(system.url('/profile'));
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Ann Buyer' }).waitFor();
      const counter = (label: string) => main.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
      for (const [label, value] of [
        ['Active', '1'],
        ['Completed', '0'],
        ['Total services', '1'],
      ]) {
        await counter(label).getByText(value, { exact: true }).waitFor();
      }
      expect(razorpayRequests(requests)).toEqual([]);
    });
  });

  test("a visitor's Buy Now link goes to /login and back to that tier's checkout (no script needed for the way there)", async () => {
    const { email, password } = theCustomer();
    await withPage(system, DESKTOP, pageOptions({ visitor: true }), async (page, context) => {
      const requests = recordRequests(context);
      await page.goto(system.url('/services/youtube'));
      const buy = tier(page, 'Pro').getByRole('link', { name: 'Buy Now: Pro' });
      const href = await buy.getAttribute('href');
      expect(href).toMatch(/^\/login\?next=%2Fservices%2Fyoutube%3Fbuy%3D[0-9a-f-]{36}$/);
      await page.goto(system.url(href ?? ''));
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login Now' }).click();

      const dialog = page.getByRole('dialog', { name: 'Enter your profile link' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('YouTube · Pro');
      expect(pathOf(page)).toBe('/services/youtube');
      expect(razorpayRequests(requests)).toEqual([]);
    });
  });

  test('coming back from redirect mode shows the result and clears the address', async () => {
    await withPage(system, DESKTOP, pageOptions(), async (page) => {
      await page.goto(system.url('/services/youtube?payment=failed&reason=cancelled'));
      const result = page.getByRole('alertdialog', { name: 'Payment cancelled' });
      await result.getByText('The payment was cancelled before it was made, and nothing was charged. You can try again whenever you are ready.').waitFor();
      await page.waitForURL((url) => url.search === '');
      expect(pathOf(page)).toBe('/services/youtube');
    });
  });

  test("a hostile address (message=, or words as the reason) shows only the shop's own sentence", async () => {
    const hostile = 'Your card is blocked. Call +1 555 0100 or visit https://evil.example/verify to unblock it';
    await withPage(system, DESKTOP, pageOptions(), async (page) => {
      await page.goto(system.url(`/services/youtube?payment=failed&message=${encodeURIComponent(hostile)}&reason=${encodeURIComponent(hostile)}`));
      const result = page.getByRole('alertdialog', { name: 'Verification failed' });
      await result.getByText('We could not verify the payment. Please contact support.').waitFor();
      expect(await result.textContent()).not.toContain('555');
      expect(await page.getByText(/evil\.example/).count()).toBe(0);
    });
  });
});
