/**
 * The contact form through the real server: a submission clears the form, shows the server's
 * message, and the request is stored (the support notification the backend sends after storing it
 * lands in the outbox under DATA_DIR); server messages and the generic fallback are shown in an
 * alert.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeInBrowser, useSystem } from '../support/harness';

function outboxMails(dataDir: string): { to: string; subject: string; text: string; replyTo?: string }[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
}

async function waitFor<T>(fn: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeInBrowser('Contact (real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  test('a submission is stored, the support team is notified, and the form is cleared', async () => {
    const context = await system.browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    try {
      await page.goto(system.url('/contact'));
      const form = page.getByTestId('contact-form');
      await form.waitFor();
      const service = form.getByLabel('Service');
      const platform = form.getByLabel('Platform');
      // Placeholders first, disabled; the spec's options after them.
      expect(await service.locator('option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).disabled]))).toEqual([
        ['', true],
        ['growth', false],
        ['management', false],
        ['consultation', false],
      ]);
      expect(await platform.locator('option:not([disabled])').allInnerTexts()).toEqual(['YouTube', 'Instagram', 'LinkedIn', 'Twitter', 'TikTok', 'Spotify']);
      for (const field of ['Name', 'Email', 'Service', 'Platform', 'Message']) {
        expect([field, await form.getByLabel(field).evaluate((el) => (el as HTMLInputElement).required)]).toEqual([field, true]);
      }

      const marker = `e2e contact ${Date.now()}`;
      await form.getByLabel('Name').fill('Asha Verma');
      await form.getByLabel('Email').fill('asha@example.com');
      await service.selectOption('consultation');
      await platform.selectOption('Spotify');
      await form.getByLabel('Message').fill(`Hello, I would like a consultation. ${marker}`);

      // Hold the request a moment to see the button disabled while sending.
      await page.route('**/api/contact/contact', async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      const submit = form.getByRole('button', { name: 'Send Message' });
      await submit.click();
      await page.waitForFunction(() => (document.querySelector('[data-testid="contact-form"] button[type="submit"]') as HTMLButtonElement).disabled);

      await form.getByRole('status').getByText("Thanks for reaching out! We'll get back to you within 24 hours.").waitFor();
      expect(await form.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
      for (const field of ['Name', 'Email', 'Service', 'Platform', 'Message']) {
        expect([field, await form.getByLabel(field).inputValue()]).toEqual([field, '']);
      }

      const mail = await waitFor(() => outboxMails(system.store.dataDir).find((m) => m.text.includes(marker)));
      expect(mail.to).toBe('support@growth.local');
      expect(mail.replyTo).toBe('asha@example.com');
      expect(mail.text).toContain('Asha Verma');
      expect(mail.text).toContain('consultation');
      expect(mail.text).toContain('Spotify');
    } finally {
      await context.close();
    }
  });

  test("a rejected request shows the server's message; a failure without one shows the generic text; the form is kept", async () => {
    const context = await system.browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(system.url('/contact'));
      const form = page.getByTestId('contact-form');
      await form.waitFor();
      // The browser checks the required fields; the server also checks the message length.
      await form.getByLabel('Name').fill('Asha');
      await form.getByLabel('Email').fill('asha@example.com');
      await form.getByLabel('Service').selectOption('growth');
      await form.getByLabel('Platform').selectOption('YouTube');
      await form.getByLabel('Message').fill('Hello there, a question.');
      await page.route('**/api/contact/contact', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'message is too short', error: 'invalid' }) }),
      );
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByRole('alert').getByText('message is too short').waitFor();
      expect(await form.getByLabel('Name').inputValue()).toBe('Asha');

      await page.unroute('**/api/contact/contact');
      await page.route('**/api/contact/contact', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByRole('alert').getByText('Something went wrong. Please try again.').waitFor();
      expect(await form.getByLabel('Message').inputValue()).toBe('Hello there, a question.');
    } finally {
      await context.close();
    }
  });
});
