/**
 * The receipt of a paid order (docs/payments.md#receipt) through the real server (sandbox payments)
 * and Chromium: a customer pays with the sandbox's success card and opens the receipt from the
 * success dialog (1280 px) and from the order card (375 px), sees what was paid and, after staff
 * refunded part of it, the refund and the net paid; Print's style hides the shop's frame; another
 * customer gets the not-found page at the same address; a visitor is sent to sign in.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signUpCustomer, type Customer } from '../support/customers';
import { ADMIN } from '../support/fulfilment-system';
import { describeInBrowser, getJson, pathOf, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const PROFILE_LINK = 'https://www.youtube.com/@ann-receipt';
/** The screenshots are looked at by people too: a copy of each goes here. */
const SHOTS = process.env.RECEIPT_SHOTS_DIR ?? '';

async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const file = await screenshot(page, name, options);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, name));
  }
}

describeInBrowser('Receipt of a paid order (real server, sandbox payments, Chromium)', () => {
  const system = useSystem({ browser: true, env: { SMTP_URL: '', PAYMENTS_PROVIDER: 'sandbox', SANDBOX_REFUND_SETTLE_MS: '200' } });
  let ann: Customer | undefined;
  let receiptPath = '';

  function theCustomer(): Customer {
    if (!ann) throw new Error('no customer: the first test did not sign one up');
    return ann;
  }

  const sheet = (page: Page) => page.getByRole('article', { name: 'Receipt' });

  test('pay with the sandbox card, then View receipt in the success dialog shows what was paid (1280 px, and in print)', async () => {
    ann = await signUpCustomer(system, { label: 'receipt', name: 'Ann Receipt' });
    await withPage(system, DESKTOP, { bypassCSP: true, session: ann, screenshotOnFailure: 'receipt-failure-1280.png' }, async (page) => {
      await page.goto(system.url('/services/youtube'));
      const growth = page.getByTestId('pricing-tier').filter({ has: page.getByRole('heading', { level: 3, name: 'Growth', exact: true }) });
      await growth.getByRole('button', { name: 'Buy Now: Growth' }).click();
      const link = page.getByRole('dialog', { name: 'Enter your profile link' });
      await link.getByLabel('Profile link').fill(PROFILE_LINK);
      await link.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('dialog', { name: 'Pay with a test card' }).getByRole('button', { name: 'Visa •••• 1111 — payment succeeds' }).click();

      const paid = page.getByRole('alertdialog', { name: 'Verified successfully' });
      await paid.getByText('Your payment is verified and your order is placed.').waitFor();
      const orderNumber = (await paid.locator('dl[aria-label="Your order"]').textContent())?.match(/SG-[0-9A-F]{8}/)?.[0];
      expect(orderNumber).toMatch(/^SG-[0-9A-F]{8}$/);
      await paid.getByRole('link', { name: 'View receipt' }).click();
      await page.waitForURL((url) => /^\/receipt\/order_[A-Za-z0-9]+$/.test(url.pathname));
      receiptPath = pathOf(page);

      const receipt = sheet(page);
      await receipt.waitFor();
      const text = (await receipt.textContent()) ?? '';
      for (const part of ['SocialGrowth', orderNumber ?? '?', 'Ann Receipt', theCustomer().email, 'YouTube', 'Growth', PROFILE_LINK, 'No refunds.']) {
        expect([part, text.includes(part)]).toEqual([part, true]);
      }
      expect(text).toMatch(/Payment IDpay_[A-Za-z0-9]{14}/);
      expect(await receipt.getByRole('row').allTextContents()).toEqual(['ItemAmount (USD)', 'Amount paidYouTube · Growth$49.99', 'Net paid$49.99']);
      await shot(page, 'receipt-1280.png');
      // Keyboard: the page opens on the receipt's heading; Tab reaches Print.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Receipt');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Print');
      expect(await axeViolations(page)).toEqual([]);

      // Print: the receipt alone, black on white; the shop's header, menus and footer and the buttons are gone.
      await page.emulateMedia({ media: 'print' });
      for (const selector of ['.site-header', '.site-footer']) expect([selector, await page.locator(selector).first().isVisible()]).toEqual([selector, false]);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await receipt.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).boxShadow])).toEqual(['rgb(0, 0, 0)', 'none']);
      await shot(page, 'receipt-print.png');
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
      // One A4 page: a PDF names each page once as /Type /Page.
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    });
  });

  test('View receipt on the order card opens the same receipt; after a part refund it lists the refund and the net paid (375 px)', async () => {
    const staff = await getJson(system.url('/api/admin/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const orderId = receiptPath.replace('/receipt/', '');
    const services = await getJson(system.url('/api/subscription/user'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${theCustomer().token}` },
      body: JSON.stringify({ userId: theCustomer().userId }),
    });
    const subscriptionId = services.subscriptions.find((s: { orderId: string }) => s.orderId === orderId).subscriptionId;
    await getJson(system.url('/api/admin/refunds'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.token}` },
      body: JSON.stringify({ subscriptionId, amount: '10.00', reason: 'Goodwill after a slow start' }),
    });

    await withPage(system, PHONE, { bypassCSP: true, session: theCustomer(), screenshotOnFailure: 'receipt-failure-375.png' }, async (page) => {
      await page.goto(system.url('/services/active'));
      const card = page.locator(`article[id="order-${orderId}"]`);
      await card.getByRole('link', { name: 'View receipt' }).click();
      await page.waitForURL((url) => url.pathname === receiptPath);
      const receipt = sheet(page);
      // The sandbox settles the refund a moment later: read the receipt again until it says so.
      for (let tries = 0; tries < 20; tries++) {
        await receipt.waitFor();
        if (((await receipt.textContent()) ?? '').includes('Refund · Refunded')) break;
        await page.waitForTimeout(300);
        await page.reload();
      }
      const rows = await receipt.getByRole('row').allTextContents();
      expect(rows).toEqual([
        'ItemAmount (USD)',
        'Amount paidYouTube · Growth$49.99',
        expect.stringMatching(/^Refund · RefundedRefunded [A-Z][a-z]{2} \d{1,2}, \d{4}−\$10\.00$/),
        'Net paid$39.99',
      ]);
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'receipt-375.png');
      await page.emulateMedia({ media: 'print' });
      await shot(page, 'receipt-print-375.png');
    });
  });

  test('another customer at the same address gets the not-found page; a visitor is sent to sign in', async () => {
    const bob = await signUpCustomer(system, { label: 'receipt-bob', name: 'Bob Other' });
    await withPage(system, DESKTOP, { bypassCSP: true, session: bob }, async (page) => {
      await page.goto(system.url(receiptPath));
      await page.getByRole('heading', { level: 1, name: 'Receipt not found' }).waitFor();
      const body = (await page.locator('main').textContent()) ?? '';
      for (const secret of ['Ann Receipt', theCustomer().email, PROFILE_LINK, '$49.99']) expect([secret, body.includes(secret)]).toEqual([secret, false]);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'receipt-not-found-1280.png');
    });
    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url(receiptPath));
      await page.waitForURL((url) => url.pathname === '/login');
      expect(pathOf(page)).toBe(`/login?next=${encodeURIComponent(receiptPath)}`);
    });
  });
});
