/** The shell's own fallback pages: an unknown path and /unauthorized. */
import { describeInBrowser, useSystem } from '../support/harness';

describeInBrowser('Fallback pages (real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  test('an unknown path shows Page Not Found with its two ways out', async () => {
    const page = await system.browser.newPage();
    try {
      const response = await page.goto(system.url('/no/such/page-e2e'));
      expect(response?.headers()['content-type']).toContain('text/html');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();

      const home = page.getByRole('link', { name: 'Return Home' });
      const help = page.getByRole('link', { name: 'Go Back to Help Center' });
      expect(await home.isVisible()).toBe(true);
      expect(await help.isVisible()).toBe(true);
      expect(new URL(await home.evaluate((a: HTMLAnchorElement) => a.href)).pathname).toBe('/');
      expect(new URL(await help.evaluate((a: HTMLAnchorElement) => a.href)).pathname).toBe('/contact');

      await help.click();
      await page.waitForURL((url) => url.pathname === '/contact');
    } finally {
      await page.close();
    }
  });

  test('/unauthorized explains the missing permission and leads home', async () => {
    const page = await system.browser.newPage();
    try {
      await page.goto(system.url('/unauthorized'));
      await page.getByText('You do not have the necessary permissions to view this page.', { exact: true }).waitFor();
      const back = page.getByRole('link', { name: 'Back to Home' });
      expect(await back.isVisible()).toBe(true);
      await back.click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await page.close();
    }
  });
});
