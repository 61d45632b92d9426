/**
 * Buying from a pricing page without leaving it (real server, sandbox payments, Chromium at 375 and
 * 1280 px): a visitor presses Buy Now, creates the account inside the checkout's dialog (e-mail, the
 * mailed code, name, phone, password with its rule shown before typing), enters the profile link,
 * pays with the sandbox card, and the success dialog names the package, the link, the shop's order
 * number and when delivery starts, and links to the receipt. The same after logging in from the Buy
 * dialog; a decline says nothing was charged, with Try again. The whole path is done by keyboard
 * alone, and axe finds nothing serious in any of its dialogs.
 */
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signUpCustomer } from '../support/customers';
import { describeInBrowser, pathOf, recordRequests, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';
import { waitForOtp } from '../support/outbox';

const WIDTHS = [
  { name: '375', viewport: { width: 375, height: 812 } },
  { name: '1280', viewport: { width: 1280, height: 900 } },
];
const VIEWPORT_ONLY = { fullPage: false };

describeInBrowser('Buy in place: sign up or log in inside checkout (real server, sandbox payments, Chromium)', () => {
  const system = useSystem({ browser: true, env: { SMTP_URL: '', PAYMENTS_PROVIDER: 'sandbox' } });

  function tier(page: Page, name: string) {
    return page.getByTestId('pricing-tier').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  }

  /** The open dialog's serious and critical axe findings. */
  function dialogViolations(page: Page): Promise<string[]> {
    return axeViolations(page, 'dialog[open]');
  }

  /** Tab (never a click) until the focused element is `name`'s Buy Now; fails after 80 presses. */
  async function tabTo(page: Page, label: string): Promise<void> {
    for (let presses = 0; presses < 80; presses += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((wanted) => document.activeElement?.getAttribute('aria-label') === wanted, label)) return;
    }
    throw new Error(`Tab never reached ${label}`);
  }

  /** The focused element's accessible label or text, for "where is the cursor" checks. */
  function focused(page: Page): Promise<string> {
    return page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const id = element?.id;
      const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent : null;
      return (label ?? element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
    });
  }

  /** Pays with the sandbox's success card by keyboard and returns the success dialog. */
  async function payByKeyboard(page: Page, link: string) {
    const profile = page.getByRole('dialog', { name: 'Enter your profile link' });
    await profile.waitFor();
    expect(await focused(page)).toBe('Profile link');
    await page.keyboard.type(link);
    await page.keyboard.press('Enter');
    const sandbox = page.getByRole('dialog', { name: 'Pay with a test card' });
    await sandbox.waitFor();
    // The summary says where the order goes before anyone pays.
    await sandbox.getByText(link, { exact: true }).waitFor();
    expect(await dialogViolations(page)).toEqual([]);
    expect(await focused(page)).toContain('payment succeeds');
    await page.keyboard.press('Enter');
    return page.getByRole('alertdialog', { name: 'Verified successfully' });
  }

  async function expectReceipt(page: Page, packageName: string, link: string) {
    const paid = page.getByRole('alertdialog', { name: 'Verified successfully' });
    await paid.getByText('Your payment is verified and your order is placed.').waitFor();
    const text = (await paid.locator('dl').textContent()) ?? '';
    expect(text).toContain(`Package${packageName}`);
    expect(text).toContain(`Delivered to${link}`);
    expect(text).toMatch(/Order numberSG-[0-9A-F]{8}/);
    expect(text).toContain('DeliveryStarts within 24-48 hours');
    expect(text).not.toMatch(/order_/);
    const order = await paid.getByRole('link', { name: 'View Active Services' }).getAttribute('href');
    expect(order).toMatch(/^\/services\/active#order-order_[A-Za-z0-9]{14}$/);
    expect(await dialogViolations(page)).toEqual([]);
  }

  test.each(WIDTHS)('a visitor signs up inside checkout and buys Growth without leaving the page, by keyboard alone ($name px)', async ({ name, viewport }) => {
    const email = `in-place-${name}.${Date.now().toString(36)}@example.com`;
    const link = `https://www.youtube.com/@in-place-${name}`;
    await withPage(system, viewport, { bypassCSP: true, screenshotOnFailure: `buy-in-place-${name}-failure.png` }, async (page, context) => {
      const requests = recordRequests(context);
      await page.goto(system.url('/services/youtube'));
      await tier(page, 'Growth').waitFor();
      await tabTo(page, 'Buy Now: Growth');
      await page.keyboard.press('Enter');

      const account = page.getByRole('dialog', { name: 'Verify Your Email' });
      await account.waitFor();
      expect(await account.textContent()).toContain('YouTube · Growth · $49.99');
      expect(await focused(page)).toBe('Email');
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await dialogViolations(page)).toEqual([]);
      await screenshot(page, `buy-in-place-email-${name}.png`, VIEWPORT_ONLY);
      const since = Date.now() - 1000;
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');

      const code = page.getByRole('dialog', { name: 'Enter OTP' });
      await code.getByText('OTP sent!').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'one-time-code');
      await page.keyboard.type(await waitForOtp(system.store.dataDir, email, { since }));
      expect(await dialogViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');

      const details = page.getByRole('dialog', { name: 'Create Your Account' });
      await details.waitFor();
      // The password rule is on screen before anything is typed; country and gender are not asked.
      await details.getByText('At least 8 characters.', { exact: true }).waitFor();
      expect(await details.getByLabel(/Country|Gender/).count()).toBe(0);
      await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'name');
      expect(await dialogViolations(page)).toEqual([]);
      await screenshot(page, `buy-in-place-details-${name}.png`, VIEWPORT_ONLY);
      await page.keyboard.type('Ann In-Place');
      await page.keyboard.press('Tab');
      await page.keyboard.type('+1 555 010 0199');
      await page.keyboard.press('Tab');
      await page.keyboard.type('short');
      await page.keyboard.press('Enter');
      await details.getByText('The password needs at least 8 characters (5 so far).').waitFor();
      await page.keyboard.type(' but longer now');
      await page.keyboard.press('Enter');

      const paid = await payByKeyboard(page, link);
      await paid.waitFor();
      await expectReceipt(page, 'YouTube · Growth', link);
      await screenshot(page, `buy-in-place-paid-${name}.png`, VIEWPORT_ONLY);
      // Never left the pricing page; no page load after the first.
      expect(pathOf(page)).toBe('/services/youtube');
      expect(requests.filter((request) => request.isNavigationRequest()).map((request) => new URL(request.url()).pathname)).toEqual(['/services/youtube']);
      expect(requests.some((request) => request.url().endsWith('/api/user/register'))).toBe(true);

      await paid.getByRole('link', { name: 'View Active Services' }).click();
      await page.waitForURL((url) => url.pathname === '/services/active');
      await page.getByRole('article').filter({ hasText: 'Growth' }).waitFor();
    });
  });

  test.each(WIDTHS)('a customer logs in from the Buy dialog and buys Starter there; a decline first says nothing was charged ($name px)', async ({ name, viewport }) => {
    const customer = await signUpCustomer(system, { label: `dialog-login-${name}`, name: 'Lee Dialog' });
    const link = `https://www.youtube.com/@dialog-login-${name}`;
    await withPage(system, viewport, { bypassCSP: true, screenshotOnFailure: `buy-in-place-login-${name}-failure.png` }, async (page) => {
      await page.goto(system.url('/services/youtube'));
      await tier(page, 'Starter').getByRole('link', { name: 'Buy Now: Starter' }).click();
      await page.getByRole('dialog', { name: 'Verify Your Email' }).getByRole('button', { name: 'Already have an account? Login' }).click();
      const login = page.getByRole('dialog', { name: 'Welcome Back' });
      await login.waitFor();
      expect(await dialogViolations(page)).toEqual([]);
      await login.getByLabel('Email', { exact: true }).fill(customer.email);
      await login.getByLabel('Password', { exact: true }).fill('not the password');
      await login.getByRole('button', { name: 'Login Now' }).click();
      await login.getByText('Invalid email or password.').waitFor();
      await login.getByLabel('Password', { exact: true }).fill(customer.password);
      await login.getByRole('button', { name: 'Login Now' }).click();

      const profile = page.getByRole('dialog', { name: 'Enter your profile link' });
      await profile.waitFor();
      expect(await profile.textContent()).toContain('YouTube · Starter');
      await profile.getByLabel('Profile link').fill(link);
      await profile.getByRole('button', { name: 'Continue to Payment' }).click();
      await page
        .getByRole('dialog', { name: 'Pay with a test card' })
        .getByRole('button', { name: /payment is declined/ })
        .click();
      const declined = page.getByRole('alertdialog', { name: 'Payment declined' });
      await declined.getByText('Your payment was declined, and nothing was charged. You can try again, or use another card or payment method.').waitFor();
      expect(await dialogViolations(page)).toEqual([]);
      await screenshot(page, `buy-in-place-declined-${name}.png`, VIEWPORT_ONLY);
      await declined.getByRole('button', { name: 'Try again' }).click();
      await page
        .getByRole('dialog', { name: 'Pay with a test card' })
        .getByRole('button', { name: /payment succeeds/ })
        .click();
      await expectReceipt(page, 'YouTube · Starter', link);
      expect(pathOf(page)).toBe('/services/youtube');
    });
  });
});
