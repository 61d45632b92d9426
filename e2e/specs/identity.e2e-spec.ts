/**
 * Identity through the real server and Chromium: registration in three steps with the OTP
 * read from the mail outbox, the profile and its Edit Profile dialog, the header's account menu
 * (My orders in two clicks at 1280 and 375 px), logout, the guard's round trip through /login, a
 * wrong password, Google not offered without a client id, and both widths.
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, pathOf, recordProblems, recordRequests, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';
import { axeViolations } from '../support/axe';
import { signUpCustomer } from '../support/customers';
import { waitForOtp } from '../support/outbox';

const PHONE = { width: 360, height: 780 };
const PHONE_375 = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const account = {
  email: `ann.${Date.now().toString(36)}@example.com`,
  password: 'correct horse battery',
  name: 'Ann Example',
  renamed: 'Ann Renamed',
};

/** The element lies fully inside the viewport horizontally and is visible. */
async function fullyVisibleSideways(page: Page, locator: ReturnType<Page['getByRole']>): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return !!box && box.x >= 0 && box.x + box.width <= width + 0.5;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login Now' }).click();
}

describeInBrowser('Identity (real server, Chromium)', () => {
  // Outbox mail and no Google client id, whatever the environment says.
  const system = useSystem({ browser: true, env: { SMTP_URL: '', GOOGLE_CLIENT_ID: '' } });
  let registered = false;

  test('registers in three steps with the mailed OTP, lands on /, sees and edits the profile, logs out', async () => {
    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url('/login'));
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await page.getByRole('button', { name: 'Register Now' }).click();

      // Step 1: e-mail.
      await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
      const since = Date.now() - 1000;
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByText('OTP sent!', { exact: true }).waitFor();

      // Step 2: the code from the outbox.
      await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
      const otpInput = page.getByLabel('One-time code');
      expect(await otpInput.getAttribute('inputmode')).toBe('numeric');
      expect(await otpInput.getAttribute('autocomplete')).toBe('one-time-code');
      await otpInput.fill('12ab'); // letters never get in
      expect(await otpInput.inputValue()).toBe('12');
      const otp = await waitForOtp(system.store.dataDir, account.email, { since });
      await otpInput.fill(otp);
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.getByText('OTP verified!', { exact: true }).waitFor();

      // Step 3: details, with the searchable selects.
      await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
      await page.getByLabel('Full name').fill(account.name);
      const calling = page.getByRole('combobox', { name: 'Calling code' });
      await calling.focus();
      await calling.press('ArrowDown');
      const callingList = page.getByRole('listbox', { name: 'Calling code' });
      await callingList.getByRole('option').first().waitFor();
      expect(await callingList.getByRole('option').first().innerText()).toMatch(/\+1\s*United States/);
      await calling.fill('+44');
      await callingList.getByRole('option', { name: /United Kingdom/ }).waitFor();
      await calling.press('Enter');
      expect(await calling.inputValue()).toBe('+44');
      await page.locator('#register-phone').fill('7700 900123');
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      const country = page.getByRole('combobox', { name: 'Country' });
      await country.fill('GERM');
      await page
        .getByRole('listbox', { name: 'Country' })
        .getByRole('option', { name: /Germany/ })
        .click();
      expect(await country.inputValue()).toBe('Germany');
      await page.getByLabel('Gender').selectOption({ label: 'Female' });
      await page.getByRole('button', { name: 'Complete Registration' }).click();

      await page.waitForURL((url) => url.pathname === '/');
      registered = true;
      expect(await page.evaluate(() => [localStorage.getItem('email'), !!localStorage.getItem('token'), !!localStorage.getItem('userId')])).toEqual([
        account.email,
        true,
        true,
      ]);

      // The profile shows the new account: the header's account menu, labelled with the first name, leads there.
      await page.getByRole('banner').getByRole('button', { name: 'Ann', exact: true }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 1, name: account.name }).waitFor();
      const main = page.getByRole('main');
      expect(await main.getByText(account.email).first().isVisible()).toBe(true);
      expect(await main.getByText('Germany', { exact: true }).isVisible()).toBe(true);
      await main.getByText('+44 7700 900123', { exact: true }).waitFor();
      expect(await main.getByText(/^Joined /).isVisible()).toBe(true);
      // The counters: Active and Completed open their lists, the total is a figure.
      expect(await main.getByRole('link', { name: '0 Active' }).getAttribute('href')).toBe('/services/active');
      expect(await main.getByRole('link', { name: '0 Completed' }).getAttribute('href')).toBe('/services/completed');
      expect(await main.getByText('Total services', { exact: true }).isVisible()).toBe(true);
      expect(await main.getByRole('link', { name: 'View Services' }).getAttribute('href')).toBe('/services/active');

      // Edit Profile: a labelled modal; Escape closes it and focus returns to the opener.
      const editButton = main.getByRole('button', { name: 'Edit Profile' });
      await editButton.click();
      const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('edit-name');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await editButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await editButton.click();
      await dialog.getByLabel('Full name').fill('');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('Please enter your name.').waitFor();
      await dialog.getByLabel('Full name').fill(account.renamed);
      // A new password needs the current one.
      await dialog.getByLabel(/New password/).fill('another long secret');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('Enter your current password to set a new one.').waitFor();
      await dialog.getByLabel(/New password/).fill('');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await main.getByText('Profile updated', { exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: account.renamed }).waitFor();

      // Stored on the server: a reload shows it, and the header's account menu carries the name.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: account.renamed }).waitFor();
      expect(await page.getByRole('banner').getByRole('button', { name: 'Ann', exact: true }).getAttribute('title')).toBe(account.renamed);

      // Logout clears the session and goes home; the server ends it too, so a copy of the token opens nothing.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const userId = await page.evaluate(() => localStorage.getItem('userId'));
      const ended = page.waitForResponse((res) => res.url().endsWith('/api/user/logout'));
      // No Logout in the header's bar any more: it is the account menu's last entry.
      expect(await page.getByRole('banner').getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await page.getByRole('banner').getByRole('button', { name: 'Ann', exact: true }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect((await ended).status()).toBe(200);
      const reuse = await fetch(system.url('/api/user/getById'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
      expect(reuse.status).toBe(401);
    });
  });

  test('signed in, My orders is two clicks from the header at 1280 px (account menu, by mouse and keyboard) and at 375 px (phone menu)', async () => {
    const customer = await signUpCustomer(system, { label: 'orders', name: 'Casey Customer' });
    const hydrationTrouble = (problems: string[]) => problems.filter((problem) => /hydrat|#41[89]|#42[35]/i.test(problem));

    // bypassCSP lets the test inject axe (this context only).
    await withPage(system, DESKTOP, { bypassCSP: true, screenshotOnFailure: 'account-menu-failure-1280.png' }, async (page) => {
      const problems = recordProblems(page);
      await page.goto(system.url('/login'));
      await logIn(page, customer.email, customer.password);
      await page.waitForURL((url) => url.pathname === '/');
      const banner = page.getByRole('banner');
      const button = banner.getByRole('button', { name: 'Casey', exact: true });
      expect([await button.getAttribute('aria-haspopup'), await button.getAttribute('aria-expanded')]).toEqual(['menu', 'false']);
      expect(await banner.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      expect(await banner.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
      await page.getByTestId('services-grid').getByTestId('service-card').first().waitFor();
      await screenshot(page, 'account-menu-closed-1280.png', { fullPage: false });

      // Click one: the menu, My orders first and Logout last.
      await button.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['My orders', 'Profile', 'Logout']);
      await screenshot(page, 'account-menu-open-1280.png', { fullPage: false });
      expect(await axeViolations(page, 'header')).toEqual([]);
      // Click two: the orders.
      await menu.getByRole('menuitem', { name: 'My orders' }).click();
      await page.waitForURL((url) => url.pathname === '/services/active');
      await page.getByRole('heading', { level: 1, name: 'Active Services' }).waitFor();
      await menu.waitFor({ state: 'hidden' });

      // The keyboard: Enter opens on the first entry, the arrows move, Escape closes and gives focus back,
      // Space opens, Enter follows an entry; a click outside closes.
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      await button.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await focused()).toBe('My orders');
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('Profile');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await focused()).toBe('Logout');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press(' ');
      await menu.waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 1, name: 'Casey Customer' }).waitFor();
      await button.click();
      await menu.waitFor();
      await page.getByRole('main').click({ position: { x: 5, y: 5 } });
      await menu.waitFor({ state: 'hidden' });

      // On the profile, the counters open the lists.
      await page.getByRole('main').getByRole('link', { name: '0 Completed' }).click();
      await page.waitForURL((url) => url.pathname === '/services/completed');

      // A server-rendered page, loaded signed in, hydrates (signed out, as the server drew it) and then shows the menu.
      await page.goto(system.url('/faq'));
      await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).waitFor();
      expect(hydrationTrouble(problems)).toEqual([]);
    });

    await withPage(system, PHONE_375, { session: customer, bypassCSP: true, screenshotOnFailure: 'account-menu-failure-375.png' }, async (page) => {
      const problems = recordProblems(page);
      await page.goto(system.url('/'));
      const banner = page.getByRole('banner');
      // A restored session knows no name yet: 'Account', the person icon showing on phones.
      const account = banner.getByRole('button', { name: 'Account', exact: true });
      await account.waitFor();
      expect([375, await sidewaysScroll(page)]).toEqual([375, 0]);
      await page.getByTestId('services-grid').getByTestId('service-card').first().waitFor();
      await screenshot(page, 'account-menu-closed-375.png', { fullPage: false });
      await account.click();
      await page.getByRole('menu').waitFor();
      expect([375, await fullyVisibleSideways(page, page.getByRole('menu').getByRole('menuitem', { name: 'My orders' }))]).toEqual([375, true]);
      await screenshot(page, 'account-menu-open-375.png', { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      // Click one: the phone menu, with its account section. Click two: the orders.
      await banner.getByRole('button', { name: 'Open menu' }).click();
      const section = page.getByRole('navigation', { name: 'Account' });
      await section.waitFor();
      expect(await section.getByRole('link').allInnerTexts()).toEqual(['My orders', 'Profile']);
      const menuPanel = page.getByRole('dialog', { name: 'Menu' });
      expect(await menuPanel.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      expect(await menuPanel.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      await page.waitForFunction(() => {
        const box = document.getElementById('mobile-menu')?.getBoundingClientRect();
        return !!box && box.right <= window.innerWidth + 0.5 && box.left >= 0;
      });
      expect(await fullyVisibleSideways(page, section.getByRole('link', { name: 'My orders' }))).toBe(true);
      await screenshot(page, 'phone-menu-open-375.png', { fullPage: false });
      expect(await axeViolations(page, 'header')).toEqual([]);
      await section.getByRole('link', { name: 'My orders' }).click();
      await page.waitForURL((url) => url.pathname === '/services/active');
      await page.getByRole('heading', { level: 1, name: 'Active Services' }).waitFor();
      await section.waitFor({ state: 'hidden' });

      // The phone menu's Logout is the session's.
      await banner.getByRole('button', { name: 'Open menu' }).click();
      await menuPanel.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await banner.getByRole('button', { name: 'Open menu' }).click();
      await menuPanel.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(hydrationTrouble(problems)).toEqual([]);
    });
  });

  test('a signed-out visitor of /profile goes to /login and comes back after signing in', async () => {
    expect(registered).toBe(true);
    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url('/profile'));
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(pathOf(page)).toBe('/login?next=%2Fprofile');

      await logIn(page, account.email, account.password);
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 1, name: account.renamed }).waitFor();

      // Signed in, the auth screen sends the visitor home.
      await page.goto(system.url('/login'));
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    });
  });

  test("a wrong password shows 'Invalid email or password.' and keeps the visitor signed out", async () => {
    expect(registered).toBe(true);
    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url('/login'));
      await logIn(page, account.email, 'not the password');
      const alert = page.getByRole('alert');
      await alert.getByText('Invalid email or password.', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Login Now' }).isEnabled()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // Empty fields are caught before any call.
      await page.getByLabel('Email', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Login Now' }).click();
      await page.getByText('Please enter your e-mail.').waitFor();
    });
  });

  test('password visibility toggles, and switching mode resets form, message and visibility', async () => {
    await withPage(system, DESKTOP, {}, async (page) => {
      await page.goto(system.url('/login'));
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('secret');
      const toggle = page.getByRole('button', { name: 'Show password' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await page.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Login Now' }).click(); // e-mail missing
      await page.getByText('Please enter your e-mail.').waitFor();

      await page.getByRole('button', { name: 'Register Now' }).click();
      await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
      expect(await page.getByRole('link', { name: 'SocialGrowth home' }).getAttribute('href')).toBe('/');
      await page.getByRole('button', { name: 'Already have an account? Login' }).click();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
      expect(await page.getByText('Please enter your e-mail.').count()).toBe(0);
    });
  });

  test('Continue with Google is not offered without a client id, and fails with the spec text when Google cannot load', async () => {
    await withPage(system, DESKTOP, {}, async (page, context) => {
      const requests = recordRequests(context);
      await page.goto(system.url('/login'));
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
      expect(requests.filter((r) => r.url().includes('accounts.google.com'))).toEqual([]);

      // With a client id but Google unreachable: the spec's failure text.
      await page.route('**/api/runtime-config', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), googleClientId: 'e2e-client.apps.googleusercontent.com' } });
      });
      await page.route('https://accounts.google.com/**', (route) => route.abort('internetdisconnected'));
      await page.reload();
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.getByRole('alert').getByText('Google sign-in failed.', { exact: true }).waitFor();
      expect(requests.some((r) => r.url().startsWith('https://accounts.google.com/gsi/client'))).toBe(true);
    });
  });

  test('the home page downloads no account code; /login does', async () => {
    await withPage(system, DESKTOP, {}, async (page, context) => {
      const requests = recordRequests(context);
      const accountFiles = () => requests.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith('/remotes/account/'));
      await page.goto(system.url('/'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(accountFiles()).toEqual([]);
      await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(accountFiles().length).toBeGreaterThan(0);
    });
  });

  test('the auth screen and the profile fit 360 px and 1280 px', async () => {
    expect(registered).toBe(true);
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage(system, viewport, {}, async (page) => {
        const w = viewport.width;
        await page.goto(system.url('/login'));
        await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
        for (const name of ['Login Now', 'Register Now', 'Forgot Password?']) {
          expect([w, name, await fullyVisibleSideways(page, page.getByRole('button', { name }))]).toEqual([w, name, true]);
        }
        expect([w, await sidewaysScroll(page)]).toEqual([w, 0]);
        await screenshot(page, `login-${w}.png`);

        await page.getByRole('button', { name: 'Register Now' }).click();
        await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
        expect([w, await fullyVisibleSideways(page, page.getByRole('button', { name: 'Send OTP' }))]).toEqual([w, true]);
        expect([w, await sidewaysScroll(page)]).toEqual([w, 0]);

        // The details step (OTP calls answered by the page, so no mail or cooldown is involved).
        for (const call of ['request-otp', 'verify-otp']) {
          await page.route(`**/api/user/${call}`, (route) => route.fulfill({ json: { success: true } }));
        }
        await page.getByLabel('Email', { exact: true }).fill(`wide.${w}@example.com`);
        await page.getByRole('button', { name: 'Send OTP' }).click();
        await page.getByLabel('One-time code').fill('123456');
        await page.getByRole('button', { name: 'Verify OTP' }).click();
        await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
        const calling = page.getByRole('combobox', { name: 'Calling code' });
        await calling.click();
        const list = page.getByRole('listbox', { name: 'Calling code' });
        await list.getByRole('option').first().waitFor();
        const listBox = await list.boundingBox();
        expect([w, !!listBox && listBox.x >= 0 && listBox.x + listBox.width <= w + 0.5]).toEqual([w, true]);
        await screenshot(page, `register-details-${w}.png`);
        await calling.press('Escape');
        expect([w, await fullyVisibleSideways(page, page.getByRole('button', { name: 'Complete Registration' }))]).toEqual([w, true]);
        expect([w, await sidewaysScroll(page)]).toEqual([w, 0]);
        await page.getByRole('button', { name: 'Back to Login' }).click();

        await logIn(page, account.email, account.password);
        await page.waitForURL((url) => url.pathname === '/');
        await page.goto(system.url('/profile'));
        await page.getByRole('heading', { level: 1, name: account.renamed }).waitFor();
        for (const role of [page.getByRole('button', { name: 'Edit Profile' }), page.getByRole('link', { name: 'View Services' })]) {
          expect([w, await fullyVisibleSideways(page, role)]).toEqual([w, true]);
        }
        expect([w, await sidewaysScroll(page)]).toEqual([w, 0]);
        await screenshot(page, `profile-${w}.png`);

        await page.getByRole('button', { name: 'Edit Profile' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
        await dialog.waitFor();
        expect([w, await fullyVisibleSideways(page, dialog.getByRole('button', { name: 'Save Changes' }))]).toEqual([w, true]);
        await screenshot(page, `profile-dialog-${w}.png`);
      });
    }
  });
});
