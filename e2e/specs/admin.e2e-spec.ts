/**
 * The admin area through the real server and Chromium: the admin logs in at
 * /admin/login (success toast, then the dashboard), adds a service with a real PNG logo and sees it
 * in the public catalogue at once, deletes it after the confirmation, and the layout's drawer
 * works at phone width. A customer's session never downloads a file of the admin remote.
 *
 * The admin is the development one the server seeds (backend app-config DEV_ADMIN) unless
 * ADMIN_EMAIL / ADMIN_PASSWORD are set for the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signUpCustomer } from '../support/customers';
import { artifactsDir, describeInBrowser, pathOf, recordRequests, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 812 };

/**
 * Screenshots `part` at 1280 and at 375 px (nothing scrolls sideways there), then back to 1280.
 * After a resize the layout's drawer slides away: the shot waits until nothing moves.
 */
async function atBothWidths(page: Page, part: Locator, name: string): Promise<void> {
  for (const [viewport, width] of [
    [NARROW, 375],
    [DESKTOP, 1280],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    if (width === 375) expect(await sidewaysScroll(page)).toBe(0);
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({ path: path.join(artifactsDir, `${name}-${width}.png`) });
  }
}
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };

/** A 1×1 PNG, written to a temp file for setInputFiles. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function logIn(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/admin/login'));
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Login successful').waitFor();
  // The admin lands on the Overview (docs/reports.md); these specs work from the services grid.
  await page.waitForURL('**/admin/overview', { timeout: 10_000 });
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.goto(url('/admin/dashboard'));
}

describeInBrowser('Admin area (real server, Chromium)', () => {
  const system = useSystem({ browser: true, env: { SMTP_URL: '', GOOGLE_CLIENT_ID: '' } });
  const heading = `Spotify Plays ${Date.now().toString(36)}`;
  let logoFile = '';

  beforeAll(() => {
    logoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-')), 'logo.png');
    fs.writeFileSync(logoFile, Buffer.from(PNG_BASE64, 'base64'));
  });

  afterAll(() => {
    if (logoFile) fs.rmSync(path.dirname(logoFile), { recursive: true, force: true });
  });

  it('a wrong password shows Error with the server message; the right one toasts and opens the Overview, whose sidebar leads to the services', async () => {
    await withPage(system, DESKTOP, { screenshotOnFailure: 'admin-login-failed.png' }, async (page) => {
      page.context().setDefaultTimeout(15_000);
      await page.goto(system.url('/admin/login'));
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectText(page.getByRole('alert'), 'ErrorInvalid email or password.');

      const started = Date.now();
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Login successful').waitFor();
      await page.waitForURL('**/admin/overview');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(await page.evaluate(() => [Boolean(localStorage.getItem('adminToken')), Boolean(localStorage.getItem('adminId'))])).toEqual([true, true]);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Services' }).click();
      await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
      const cards = page
        .getByRole('list', { name: 'Services' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2 }) });
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThan(0); // the seeded services
    });
  });

  it('adds a service with a PNG logo, which the public catalogue shows at once, and deletes it after the confirmation', async () => {
    await withPage(system, DESKTOP, { bypassCSP: true, screenshotOnFailure: 'admin-service-failed.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      await logIn(page, system.url);
      await page.getByRole('link', { name: 'Add Service' }).click();
      await page.getByRole('heading', { level: 1, name: 'Add Service' }).waitFor();

      // The form's own rules first.
      await page.getByRole('button', { name: 'Create Service' }).click();
      await expectText(page.getByRole('alert'), 'Heading and description are required.');

      await page.getByLabel('Heading').fill(heading);
      await page.getByLabel('Description').fill('Real plays from real listeners.');
      await page.getByRole('button', { name: 'Create Service' }).click();
      await expectText(page.getByRole('alert'), 'At least one content item is required.');

      await page.getByLabel('Key 1').fill('Plays');
      await page.getByLabel('Value 1').fill('1K - 100K');
      await page.getByLabel('Logo').setInputFiles(logoFile);
      await page.getByAltText('Preview of the chosen logo').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create Service' }).click();
      // Saved, the form offers what the new service needs next: its plan (docs/catalogue.md, "Listing rule").
      const offer = page.getByRole('region', { name: 'Service saved. Create its plan and tiers next?' });
      await offer.waitFor();
      await offer.getByText(`The new plan starts with the platform “${heading}”, so it answers there.`, { exact: false }).waitFor();
      const createHref = `/admin/edit-plan/new?platform=${encodeURIComponent(heading)}`;
      expect(await offer.getByRole('link', { name: 'Create its plan' }).getAttribute('href')).toBe(createHref);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, offer, 'admin-service-saved-offer');
      await offer.getByRole('link', { name: 'Back to dashboard' }).click();
      await page.waitForURL('**/admin/dashboard');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading }) });
      await card.waitFor();
      expect(await card.locator('img').getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);
      expect(await axeViolations(page)).toEqual([]);

      // Listed only once a plan on sale answers at its address: the dashboard says what is missing
      // and links to the plan-create screen, then a plan for it makes the public catalogue show it at once.
      await card.getByText('Not listed: no Active plan with a tier', { exact: false }).waitFor();
      expect(await card.getByRole('link', { name: `Create its plan for ${heading}` }).getAttribute('href')).toBe(createHref);
      await atBothWidths(page, card, 'admin-service-not-listed');
      // The link starts the new plan with the service's platform and name: staff add a tier and create it.
      await card.getByRole('link', { name: `Create its plan for ${heading}` }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Plan' }).waitFor();
      expect(await page.getByLabel('Plan name').inputValue()).toBe(heading);
      expect(await page.getByLabel('Platform', { exact: true }).inputValue()).toBe(heading);
      await page.getByLabel('Tier name').fill('Starter');
      await page.getByLabel('Price (USD)').fill('9.90');
      await page.getByLabel('Features').fill('1,000 plays');
      await page.getByRole('button', { name: 'Create Plan' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Plan' }).waitFor();
      expect(pathOf(page)).toMatch(/^\/admin\/edit-plan\/[0-9a-f-]{36}$/);
      await page.goto(system.url('/admin/dashboard'));

      // The public catalogue, in a visitor's page.
      await withPage(system, DESKTOP, {}, async (visitor) => {
        await visitor.goto(system.url('/services'));
        const serviceCard = visitor.getByTestId('catalogue-card').filter({ has: visitor.getByRole('heading', { name: heading }) });
        await serviceCard.waitFor({ timeout: 15_000 });
        expect(await serviceCard.locator('img').first().getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);
      });
      await page.reload();
      await card.getByText('Listed in the shop').waitFor();
      expect(await card.getByRole('link', { name: /its plan for/ }).count()).toBe(0);

      // Delete: Cancel keeps it, Delete removes it (and the catalogue follows).
      await card.getByRole('button', { name: `Delete ${heading}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete service?' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: `Delete ${heading}` }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await card.waitFor({ state: 'detached' });
      const list = await (await fetch(system.url('/api/services/getAll?page=1&limit=100'))).json();
      expect(list.data.map((service: { serviceHeading: string }) => service.serviceHeading)).not.toContain(heading);
    });
  });

  it('phone width: the sidebar is a drawer that closes on Escape and on navigation; nothing scrolls sideways', async () => {
    await withPage(system, PHONE, { screenshotOnFailure: 'admin-drawer-failed.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      await logIn(page, system.url);
      expect(await sidewaysScroll(page)).toBe(0);
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.click();
      await expectAttribute(menu, 'aria-expanded', 'true');
      await page.getByRole('link', { name: 'Clients' }).waitFor();
      await page.keyboard.press('Escape');
      await expectAttribute(menu, 'aria-expanded', 'false');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');

      await menu.click();
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL('**/admin/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await expectAttribute(page.getByRole('button', { name: 'Menu', exact: true }), 'aria-expanded', 'false');
      expect(await sidewaysScroll(page)).toBe(0);

      // Logout ends the admin session, on the server too, and leads to the login.
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const ended = page.waitForResponse((res) => res.url().endsWith('/api/admin/logout'));
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/admin/login');
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
      expect((await ended).status()).toBe(200);
      const reuse = await fetch(system.url('/api/admin/audit'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(reuse.status).toBe(401);
    });
  });

  it('a document edit shows on the public page at once', async () => {
    const paragraph = `Edited by the admin spec ${Date.now().toString(36)}.`;
    await withPage(system, DESKTOP, { screenshotOnFailure: 'admin-document-failed.png' }, async (page, context) => {
      context.setDefaultTimeout(15_000);
      await logIn(page, system.url);
      await page.getByRole('button', { name: 'Documents' }).click();
      await page.getByRole('link', { name: 'Terms of Use' }).click();
      await page.waitForURL('**/admin/document/terms-of-use');
      const first = page.getByLabel('Paragraphs').first();
      await first.waitFor();
      await first.fill(`${paragraph}\n\n${await first.inputValue()}`);
      await page.getByRole('button', { name: 'Save Document' }).click();
      await page.getByText('Document saved').waitFor();
    });
    await withPage(system, DESKTOP, {}, async (visitor) => {
      await visitor.goto(system.url('/terms'));
      await visitor.getByText(paragraph).waitFor({ timeout: 15_000 });
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`${viewport.width} px: the admin pages have no serious axe findings and fit the width`, async () => {
      await withPage(system, viewport, { bypassCSP: true, screenshotOnFailure: `admin-pages-failed-${viewport.width}.png` }, async (page, context) => {
        context.setDefaultTimeout(15_000);
        await logIn(page, system.url);
        const pages: [string, string][] = [
          ['/admin/overview', 'Overview'],
          ['/admin/dashboard', 'Services'],
          ['/admin/add-editService', 'Add Service'],
          ['/admin/settings', 'Settings'],
          ['/admin/document/faqs', 'FAQs'],
        ];
        for (const [target, title] of pages) {
          await page.goto(system.url(target));
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          await page.waitForLoadState('networkidle');
          await page.locator('.kit-spinner').waitFor({ state: 'detached' });
          expect([target, await sidewaysScroll(page)]).toEqual([target, 0]);
          expect([target, await axeViolations(page)]).toEqual([target, []]);
          await screenshot(page, `admin${target.replace(/\//g, '-')}-${viewport.width}.png`, { fullPage: false });
        }
        await page.goto(system.url('/admin/dashboard'));
        if (viewport === PHONE) await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('link', { name: 'Clients' }).waitFor();
        await page.waitForTimeout(400); // the drawer's 0.35 s slide
        await screenshot(page, `admin-menu-${viewport.width}.png`, { fullPage: false });
      });
    });
  }

  it('the admin login fits a phone and has no serious axe findings', async () => {
    await withPage(system, PHONE, { bypassCSP: true }, async (page) => {
      await page.goto(system.url('/admin/login'));
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'admin-login-360.png', { fullPage: false });
    });
  });

  it("a customer's session never downloads a file of the admin remote", async () => {
    const customer = await signUpCustomer(system, { label: 'admin-e2e' });
    await withPage(system, DESKTOP, { session: customer }, async (page, context) => {
      const requests = recordRequests(context);
      for (const target of ['/', '/services', '/profile', '/admin/dashboard', '/admin/settings']) {
        await page.goto(system.url(target));
        await page.waitForLoadState('networkidle');
      }
      expect(pathOf(page)).toBe('/admin/login');
      const adminFiles = requests.map((request) => request.url()).filter((url) => url.includes('/remotes/admin/'));
      expect(adminFiles).toEqual([]);
    });
  });
});

/** Waits (up to 5 s) for the locator's text to become `text`, then asserts it. */
async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.waitFor();
  for (let tries = 0; tries < 50; tries++) {
    if ((await locator.textContent())?.trim() === text) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await locator.textContent())?.trim()).toBe(text);
}

/** Waits (up to 5 s) for the attribute to become `value`, then asserts it. */
async function expectAttribute(locator: ReturnType<Page['locator']>, name: string, value: string): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    if ((await locator.getAttribute(name)) === value) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await locator.getAttribute(name)).toBe(value);
}
