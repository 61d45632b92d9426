/**
 * The admin's daily operations through the real server and Chromium: the admin
 * (session set through POST /api/admin/login, then adminToken/adminId in local storage) edits a
 * YouTube tier's price in Edit plan and the public pricing page /services/youtube shows the new
 * price at once; a customer buys through the sandbox, the admin finds the subscription in Tasks,
 * toggles it to Completed after the confirmation, and it moves from the customer's Active list to
 * their Completed list; the sandbox banner runs above Tasks and the order carries the Sandbox badge. A
 * customer's full refund, asked on a phone and approved on Refunds, reads Refunded for the customer
 * and for staff (no Mark Completed, no pick box, out of the active count); four orders are marked
 * Completed in two batches (phone cards, then the table), each audited once. Clients, User services, Plans, Edit plan, Tasks and the Audit log are
 * checked at 360 px and 1280 px (no sideways scroll, no serious axe finding; screenshots in
 * e2e/artifacts).
 *
 * The admin is the development one the server seeds (backend app-config DEV_ADMIN) unless
 * ADMIN_EMAIL / ADMIN_PASSWORD are set for the run.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { buyWithSandbox, SANDBOX_KEY_SECRET, signUpCustomer, type Customer } from '../support/customers';
import { reloadUntil } from '../support/fulfilment-system';
import { describeInBrowser, getJson, pathOf, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };

interface AdminSession {
  token: string;
  adminId: string;
}

/** Every page of the context starts with the admin session in local storage (as the login leaves it). */
async function signInAdmin(context: BrowserContext, session: AdminSession): Promise<void> {
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

/** Waits until the locator's text (trimmed) is `text`. */
async function expectText(locator: Locator, text: string): Promise<void> {
  await locator.waitFor();
  for (let tries = 0; tries < 100; tries++) {
    if ((await locator.textContent())?.trim() === text) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await locator.textContent())?.trim()).toBe(text);
}

/** Waits (up to 10 s) until `locator` matches `count` elements: a list may be between two answers. */
async function expectCount(locator: Locator, count: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await locator.count()) === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await locator.count()).toBe(count);
}

/** The card (article) whose heading is `name`. */
function card(page: Page, name: string | RegExp): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name }) });
}

describeInBrowser('Admin operations (real server, Chromium)', () => {
  const system = useSystem({
    browser: true,
    env: { SMTP_URL: '', GOOGLE_CLIENT_ID: '', PAYMENTS_PROVIDER: 'sandbox', RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET },
  });
  let admin: AdminSession | undefined;

  beforeAll(async () => {
    const login = await getJson(system.url('/api/admin/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login).toMatchObject({ success: true, message: 'Login successful' });
    admin = { token: login.token, adminId: login.adminId };
  });

  async function withAdminPage<T>(viewport: { width: number; height: number }, name: string, fn: (page: Page) => Promise<T>, options: { bypassCSP?: boolean } = {}) {
    expect(admin).toBeDefined();
    return withPage(system, viewport, { ...options, screenshotOnFailure: `admin-operations-${name}-${viewport.width}.png` }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      await signInAdmin(context, admin as AdminSession);
      return fn(page);
    });
  }

  it("edits a YouTube tier's price; the public pricing page shows the new price at once", async () => {
    const price = `${20 + (Date.now() % 70)}.45`; // a price no seed has
    const shown = `$${price}`;

    // Before: the pricing page does not show it (and the plan's response is now cached).
    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url('/services/youtube'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page
        .getByText(/\$\d+\.\d\d/)
        .first()
        .waitFor();
      expect(await page.getByText(shown, { exact: true }).count()).toBe(0);
    });

    await withAdminPage(DESKTOP, 'edit-plan', async (page) => {
      await page.goto(system.url('/admin/plan'));
      await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
      const search = page.getByRole('searchbox', { name: 'Search plans' });
      await search.fill('youtube');
      await search.press('Enter');
      await page.waitForURL('**/admin/plan?q=youtube');
      const youtube = card(page, 'YouTube');
      await youtube.waitFor();
      await youtube.getByRole('link', { name: 'Edit YouTube' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Plan' }).waitFor();
      expect(pathOf(page)).toMatch(/^\/admin\/edit-plan\/[0-9a-f-]{36}$/);

      const firstPrice = page.getByLabel(/^Price/).first();
      await firstPrice.waitFor();
      await firstPrice.fill(price);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Plan saved').waitFor();
      expect(
        await page
          .getByLabel(/^Price/)
          .first()
          .inputValue(),
      ).toBe(price);
    });

    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url('/services/youtube'));
      await page.getByText(shown, { exact: true }).first().waitFor();
    });
  });

  it("a customer's purchase, toggled to Completed in Tasks after the confirmation, moves to the customer's Completed list", async () => {
    const customer: Customer = await signUpCustomer(system, { label: 'admin-ops', name: 'Olive Operations' });
    const link = `https://www.youtube.com/@olive${Date.now().toString(36)}`;
    const subscription = await buyWithSandbox(system, customer, { profileLink: link });
    expect(subscription.Status).toBe(0);
    const orderId = String(subscription.orderId);

    // The customer sees it under Active first.
    await withPage(system, DESKTOP, { session: customer, screenshotOnFailure: 'admin-operations-active.png' }, async (page) => {
      await page.goto(system.url('/services/active'));
      await page.getByRole('heading', { level: 1, name: 'Active Services' }).waitFor();
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('article').count()).toBe(1);
    });

    await withAdminPage(DESKTOP, 'tasks', async (page) => {
      await page.goto(system.url('/admin/tasks'));
      await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
      const search = page.getByRole('searchbox', { name: 'Search tasks' });
      await search.fill(customer.email);
      await search.press('Enter');
      await page.waitForURL(`**/admin/tasks?q=${encodeURIComponent(customer.email)}`);
      // At 1280 px the tasks are a table (docs/reports.md, "Screens"): one row per subscription.
      // The list on screen before the search answers may hold the order too: wait for the searched
      // list, where the customer's e-mail is on exactly one row.
      const row = page.getByRole('row').filter({ hasText: orderId }).filter({ hasText: customer.email });
      // Columns: pick box, order, customer, price, Status, created, actions.
      const status = row.locator('td').nth(4).locator('span').first();
      await row.waitFor();
      await expectCount(page.getByRole('row').filter({ hasText: customer.email }), 1);
      await expectText(status, 'Status: In Process');

      // The shop runs on sandbox payments: a banner says so above the heading, and the order, paid
      // with the sandbox card, carries the Sandbox badge beside its status (docs/payments.md#sandbox-orders).
      await page.getByRole('status').filter({ hasText: 'Payments are in sandbox mode: no real money is taken.' }).waitFor();
      await expectText(row.locator('td').nth(4).getByText('Sandbox', { exact: true }), 'Sandbox');
      expect(await row.locator('td').nth(4).getByText('Sandbox payment — no real money').count()).toBe(1);

      // Cancel first: nothing changes.
      await row.getByRole('button', { name: `Mark Completed: YouTube, order ${orderId}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Change status?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectText(status, 'Status: In Process');

      await row.getByRole('button', { name: `Mark Completed: YouTube, order ${orderId}` }).click();
      await dialog.getByRole('button', { name: 'Mark Completed' }).click();
      await expectText(status, 'Status: Completed');
      await row.getByRole('button', { name: `Mark In Process: YouTube, order ${orderId}` }).waitFor();

      // Details opens the order's full card under its row.
      await row.getByRole('button', { name: /^Details/ }).click();
      await expectText(card(page, 'YouTube').filter({ hasText: orderId }).locator('header > span'), 'Status: Completed');
      expect(await card(page, 'YouTube').filter({ hasText: orderId }).getByText('Sandbox payment — no real money').count()).toBe(1);

      // The filter in the address survives a reload, and the server kept the change.
      await page.getByRole('combobox', { name: 'Status' }).selectOption('1');
      await page.waitForURL(/status=1/);
      await page.reload();
      await expectText(page.getByRole('row').filter({ hasText: orderId }).locator('td').nth(4).locator('span').first(), 'Status: Completed');
      expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('1');
    });

    await withPage(system, DESKTOP, { session: customer, screenshotOnFailure: 'admin-operations-completed.png' }, async (page) => {
      await page.goto(system.url('/services/completed'));
      await page.getByRole('heading', { level: 1, name: 'Completed Services' }).waitFor();
      const done = page.getByRole('article').first();
      await done.waitFor();
      expect(await page.getByRole('article').count()).toBe(1);
      await expectText(done.locator('header > span'), 'Status: Completed');

      await page.goto(system.url('/services/active'));
      await page.getByText('No active services found.').waitFor();
    });

    // The change is in the audit log.
    await withAdminPage(DESKTOP, 'audit', async (page) => {
      await page.goto(system.url('/admin/audit'));
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      // A sentence naming the order (a link to the tasks searched for it) and its customer.
      const entry = page
        .getByRole('article')
        .filter({ has: page.locator(`a[href="/admin/tasks?q=${encodeURIComponent(orderId)}"]`) })
        .first();
      await entry.waitFor();
      expect((await entry.locator('p').first().textContent())?.replace(/\s+/g, ' ')).toMatch(
        new RegExp(`^admin@\\S+ \\(admin\\) marked order order_\\S+ of ${customer.email.replace(/\./g, '\\.')} Completed$`),
      );
    });
  });

  it("a customer's full refund, approved by staff: Refunded for the customer (phone) and for staff (both widths), out of the active count, no Mark Completed", async () => {
    const customer: Customer = await signUpCustomer(system, { label: 'full-refund', name: 'Fern Refund' });
    const link = `https://www.youtube.com/@fern${Date.now().toString(36)}`;
    const subscription = await buyWithSandbox(system, customer, { profileLink: link, captured: true });
    const orderId = String(subscription.orderId);

    // The customer asks for the refund from the card, on a phone.
    await withPage(system, PHONE, { session: customer, screenshotOnFailure: 'admin-operations-refund-request.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      await page.goto(system.url('/services/active'));
      const order = page.getByRole('article').first();
      await order.waitFor();
      await order.getByRole('button', { name: 'Request a refund' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a refund' });
      await dialog.getByLabel('Reason').fill('I ordered the wrong channel.');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await dialog.waitFor({ state: 'detached' });
      await order.getByText('Refund requested', { exact: true }).waitFor();
    });

    // Staff approve all of it on the Refunds screen.
    await withAdminPage(DESKTOP, 'refund-approve', async (page) => {
      await page.goto(system.url('/admin/refunds'));
      await page.getByRole('heading', { level: 1, name: 'Refunds' }).waitFor();
      await page.getByRole('button', { name: `Approve refund: YouTube, order ${orderId}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve the refund request' });
      await dialog.getByRole('button', { name: /^Refund / }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    // The gateway settles it: the customer's order is Refunded, under Completed, and no longer active.
    await withPage(system, PHONE, { session: customer, screenshotOnFailure: 'admin-operations-refunded-customer.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      const order = page.getByRole('article').first();
      await reloadUntil(page, system.url('/services/completed'), order.getByText(/^Refunded \$\d+\.\d\d on /));
      await expectText(order.locator('header > span'), 'Status: Refunded');
      expect(await order.getByRole('button', { name: 'Request a refund' }).count()).toBe(0);
      await screenshot(page, `admin-operations-refunded-customer-${PHONE.width}.png`);
      await page.goto(system.url('/services/active'));
      await page.getByText('No active services found.').waitFor();
      await page.goto(system.url('/profile'));
      await page.getByRole('link', { name: '0 Active' }).waitFor();
      await page.getByRole('link', { name: '1 Completed' }).waitFor();
    });

    // Staff see it Refunded, with nothing to mark: not on the row, not on the phone's card.
    await withAdminPage(DESKTOP, 'refunded-tasks', async (page) => {
      await page.goto(system.url(`/admin/tasks?q=${encodeURIComponent(customer.email)}`));
      const row = page.getByRole('row').filter({ hasText: orderId }).filter({ hasText: customer.email });
      await expectText(row.locator('td').nth(4).locator('span').first(), 'Status: Refunded');
      expect(await row.getByRole('button', { name: /^Mark / }).count()).toBe(0);
      expect(await row.getByRole('checkbox').count()).toBe(0);
      // The Refunded filter finds it; In Process does not.
      await page.getByRole('combobox', { name: 'Status' }).selectOption('4');
      await page.waitForURL(/status=4/);
      await row.waitFor();
      await page.getByRole('combobox', { name: 'Status' }).selectOption('0');
      await page.waitForURL(/status=0/);
      await page.getByText('No subscriptions match these filters.').waitFor();
    });
    await withAdminPage(PHONE, 'refunded-tasks', async (page) => {
      await page.goto(system.url(`/admin/tasks?q=${encodeURIComponent(customer.email)}`));
      const order = card(page, 'YouTube').filter({ hasText: orderId });
      await expectText(order.locator('header > span'), 'Status: Refunded');
      expect(await order.getByRole('button', { name: /^Mark / }).count()).toBe(0);
      expect(await order.getByRole('checkbox').count()).toBe(0);
      await screenshot(page, `admin-operations-refunded-task-${PHONE.width}.png`);
    });
  });

  it('marks several orders Completed at once, on a phone and at 1280 px: one confirmation, each order audited once', async () => {
    const customer: Customer = await signUpCustomer(system, { label: 'bulk', name: 'Bea Bulk' });
    const orders: string[] = [];
    for (let n = 0; n < 4; n++) {
      const bought = await buyWithSandbox(system, customer, { profileLink: `https://www.youtube.com/@bea${n}${Date.now().toString(36)}` });
      orders.push(String(bought.orderId));
    }

    const markPicked = async (page: Page, picked: string[]) => {
      for (const orderId of picked) await page.getByRole('checkbox', { name: `Select the YouTube order ${orderId}` }).check();
      await page.getByText(`${picked.length} orders selected`, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Mark Completed', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: `Mark ${picked.length} orders Completed?` });
      expect((await dialog.getByRole('listitem').allTextContents()).sort()).toEqual(picked.map((orderId) => `YouTube order ${orderId}`).sort());
      await dialog.getByRole('button', { name: 'Mark Completed' }).click();
      await page.getByText(`${picked.length} orders marked Completed`).waitFor();
    };

    await withAdminPage(PHONE, 'bulk', async (page) => {
      await page.goto(system.url(`/admin/tasks?q=${encodeURIComponent(customer.email)}`));
      await expectCount(page.getByRole('article').filter({ hasText: customer.email }), 4);
      await markPicked(page, orders.slice(0, 2));
      for (const orderId of orders.slice(0, 2)) await expectText(card(page, 'YouTube').filter({ hasText: orderId }).locator('header > span'), 'Status: Completed');
      for (const orderId of orders.slice(2)) await expectText(card(page, 'YouTube').filter({ hasText: orderId }).locator('header > span'), 'Status: In Process');
      await screenshot(page, `admin-operations-bulk-${PHONE.width}.png`);
    });
    await withAdminPage(DESKTOP, 'bulk', async (page) => {
      await page.goto(system.url(`/admin/tasks?q=${encodeURIComponent(customer.email)}`));
      await expectCount(page.getByRole('row').filter({ hasText: customer.email }), 4);
      // Completed orders have no box any more.
      expect(await page.getByRole('checkbox', { name: /^Select the YouTube order / }).count()).toBe(2);
      await markPicked(page, orders.slice(2));
      for (const orderId of orders)
        await expectText(page.getByRole('row').filter({ hasText: orderId }).locator('td').nth(4).locator('span').first(), 'Status: Completed');
    });

    // One audit entry per order, each naming it and its customer.
    await withAdminPage(DESKTOP, 'bulk-audit', async (page) => {
      await page.goto(system.url('/admin/audit'));
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      for (const orderId of orders) {
        await expectCount(page.getByRole('article').filter({ has: page.locator(`a[href="/admin/tasks?q=${encodeURIComponent(orderId)}"]`) }), 1);
      }
    });
    const completed = await getJson(system.url('/api/subscription/completedService'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ userId: customer.userId, page: 1, limit: 10 }),
    });
    expect(completed.data.map((row: { orderId: string }) => String(row.orderId)).sort()).toEqual([...orders].sort());
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`Clients, User services, Plans, Edit plan, Tasks and the Audit log fit ${viewport.width} px and have no serious axe finding`, async () => {
      await withAdminPage(
        viewport,
        'layout',
        async (page) => {
          const check = async (title: string) => {
            await page.getByRole('heading', { level: 1, name: title }).waitFor();
            // Loaded: no list or section is busy, no spinner left.
            await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .kit-spinner'));
            await screenshot(page, `admin-operations-${title.toLowerCase().replace(/ /g, '-')}-${viewport.width}.png`);
            expect([title, await sidewaysScroll(page)]).toEqual([title, 0]);
            expect([title, await axeViolations(page)]).toEqual([title, []]);
          };
          await page.goto(system.url('/admin/client'));
          await check('Clients');
          await page
            .getByRole('link', { name: /^View services of / })
            .first()
            .click();
          await check('User Services');
          await page.goto(system.url('/admin/plan'));
          await check('Plans');
          await page
            .getByRole('link', { name: /^Edit / })
            .first()
            .click();
          await check('Edit Plan');
          await page.goto(system.url('/admin/tasks'));
          await check('Tasks');
          await page.goto(system.url('/admin/audit'));
          await check('Audit Log');
        },
        { bypassCSP: true },
      );
    });
  }
});
