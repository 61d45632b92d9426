/**
 * "Forgot Password?" through the real server and Chromium, at phone and desktop width: the code read
 * from the mail outbox, a new password that signs the customer in (and sends them where the login
 * would), the session from before the reset ended, a sign-in with the new password; the wait before
 * a new code counted down on the button; Google sign-in not offered without a client id.
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, getJson, screenshot, sidewaysScroll, useSystem, withPage } from '../support/harness';
import { signUpCustomer } from '../support/customers';
import { waitForOtp } from '../support/outbox';

const WIDTHS = [
  { width: 375, height: 780 },
  { width: 1280, height: 900 },
];
const NEW_PASSWORD = 'a brand new secret';

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login Now' }).click();
}

describeInBrowser('Password reset (real server, Chromium)', () => {
  // Outbox mail and no Google client id, whatever the environment says.
  const system = useSystem({ browser: true, env: { SMTP_URL: '', GOOGLE_CLIENT_ID: '' } });

  for (const viewport of WIDTHS) {
    const w = viewport.width;

    test(`${w} px: resets the password with the mailed code, is signed in, and signs in with it again`, async () => {
      const customer = await signUpCustomer(system, { label: `reset${w}` });
      await withPage(system, viewport, { screenshotOnFailure: `password-reset-failure-${w}.png` }, async (page) => {
        await page.goto(system.url('/login?next=%2Fprofile'));
        await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
        // Not configured here: no Google button, no divider before it.
        expect([w, await page.getByRole('button', { name: 'Continue with Google' }).count()]).toEqual([w, 0]);

        await page.getByLabel('Email', { exact: true }).fill(customer.email);
        await page.getByRole('button', { name: 'Forgot Password?' }).click();
        await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
        expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(customer.email);
        expect([w, await sidewaysScroll(page)]).toEqual([w, 0]);
        await screenshot(page, `password-forgot-${w}.png`);

        const since = Date.now() - 1000;
        await page.getByRole('button', { name: 'Send Code' }).click();
        await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
        await page.getByText('If this e-mail has an account, a reset code has been sent.').waitFor();
        const resend = page.getByRole('button', { name: /^Send a new code in \d+ s$/ });
        expect(await resend.isDisabled()).toBe(true);
        expect([w, await sidewaysScroll(page)]).toEqual([w, 0]);
        await screenshot(page, `password-reset-${w}.png`);

        // A wrong code first: the banner says so and nothing changes.
        const otp = await waitForOtp(system.store.dataDir, customer.email, { since });
        await page.getByLabel('Code', { exact: true }).fill(otp === '000000' ? '111111' : '000000');
        await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await page.getByRole('alert').getByText('Invalid or expired code. Please check it or request a new one.').waitFor();

        await page.getByLabel('Code', { exact: true }).fill(otp);
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await page.waitForURL((url) => url.pathname === '/profile');
        await page.getByRole('main').getByText(customer.email).first().waitFor();

        // The session from before the reset has ended.
        const old = await fetch(system.url('/api/user/getById'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${customer.token}` },
          body: JSON.stringify({ userId: customer.userId }),
        });
        expect(old.status).toBe(401);

        // Signed out, the new password signs in; the old one does not.
        await page.evaluate(() => localStorage.clear());
        await page.goto(system.url('/login'));
        await logIn(page, customer.email, customer.password);
        await page.getByRole('alert').getByText('Invalid email or password.', { exact: true }).waitFor();
        await page.reload();
        await logIn(page, customer.email, NEW_PASSWORD);
        await page.waitForURL((url) => url.pathname === '/');
        expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(customer.email);
      });
    });

    test(`${w} px: the registration code screen counts down the wait for a new code`, async () => {
      await withPage(system, viewport, {}, async (page) => {
        await page.goto(system.url('/login'));
        await page.getByRole('button', { name: 'Register Now' }).click();
        await page.getByLabel('Email', { exact: true }).fill(`countdown.${w}.${Date.now().toString(36)}@example.com`);
        await page.getByRole('button', { name: 'Send OTP' }).click();
        await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
        const resend = page.getByRole('button', { name: /^Send a new code in \d+ s$/ });
        const first = Number((await resend.innerText()).match(/(\d+) s$/)?.[1]);
        expect(first).toBeGreaterThan(50);
        expect(await resend.isDisabled()).toBe(true);
        // It counts down.
        await page.waitForFunction(
          (start) => {
            const text = [...document.querySelectorAll('button')].map((b) => b.textContent ?? '').find((t) => t.startsWith('Send a new code in'));
            return !!text && Number(/(\d+) s$/.exec(text)?.[1]) < start;
          },
          first,
          { timeout: 5_000 },
        );
        expect(await page.getByRole('alert').count()).toBe(0);
        expect([w, await sidewaysScroll(page)]).toEqual([w, 0]);
        await screenshot(page, `register-code-countdown-${w}.png`);
      });
    });
  }

  test('the same answer for an address without an account, and no mail to it', async () => {
    const email = `nobody.${Date.now().toString(36)}@example.com`;
    const answer = await getJson(system.url('/api/user/forgot-password'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(answer).toEqual({ success: true, message: 'If this e-mail has an account, a reset code has been sent.' });
    await expect(waitForOtp(system.store.dataDir, email, { timeoutMs: 1_500 })).rejects.toThrow(/No OTP mail/);
  });
});
