/**
 * Home page through the real server (built shell + remotes, real API, fresh seeded database):
 * the "Our Services" grid shows the first four seeded services, and a visitor never downloads
 * the admin or the account remote.
 */
import { describeInBrowser, recordProblems, recordRequests, useSystem } from '../support/harness';

describeInBrowser('Home page (real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  test('shows the four first seeded services and never requests the admin remote', async () => {
    const context = await system.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const requests = recordRequests(context);
    const page = await context.newPage();
    const problems = recordProblems(page);
    try {
      await page.goto(system.url('/'));
      await page.getByRole('heading', { name: 'Our Services' }).waitFor();

      const cards = page.getByTestId('services-grid').getByTestId('service-card');
      await cards.nth(3).waitFor();
      expect(await cards.count()).toBe(4);

      const headings: string[] = [];
      for (let i = 0; i < 4; i++) {
        headings.push((await cards.nth(i).getByRole('heading').first().innerText()).trim());
      }
      expect(headings).toEqual(['YouTube', 'Instagram', 'X', 'Threads']);
      for (let i = 0; i < 4; i++) {
        expect(await cards.nth(i).getByText('View More', { exact: true }).isVisible()).toBe(true);
      }

      // Let every lazy chunk the page wants arrive before reading the network log.
      await page.waitForLoadState('networkidle');
      const paths = requests.map((request) => new URL(request.url()).pathname);

      // The check below could never fail if remotes were not loaded at all: prove they were.
      expect(paths.filter((p) => p.startsWith('/remotes/storefront/')).length).toBeGreaterThan(0);
      // The first four came with the server-rendered page (docs/architecture.md#server-rendering): not fetched again.
      const served = JSON.parse((await page.locator('#page-data').textContent()) ?? '{}');
      expect(Object.keys(served.answers)).toEqual(['/api/services/getAll?page=1&limit=4']);
      expect(paths).not.toContain('/api/services/getAll');

      expect(paths.filter((p) => p.startsWith('/remotes/admin'))).toEqual([]);
      expect(paths.filter((p) => p.startsWith('/remotes/account'))).toEqual([]);
      expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    } catch (error) {
      if (problems.length) console.log(`Browser problems on /:\n${problems.join('\n')}`);
      throw error;
    } finally {
      await context.close();
    }
  });

  test('the network log does see the admin remote when an admin token exists on an /admin path', async () => {
    // Control for the check above: the same detector catches the admin remote when it is due.
    const context = await system.browser.newContext();
    const requests = recordRequests(context);
    const page = await context.newPage();
    try {
      // A visitor on the (public) admin login page: still no admin remote.
      await page.goto(system.url('/admin/login'));
      await page.waitForLoadState('networkidle');
      const adminPaths = () => requests.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith('/remotes/admin/'));
      expect(adminPaths()).toEqual([]);

      // The shell's gate is the presence of `adminToken` in local storage (docs/architecture.md#frontends).
      await page.evaluate(() => localStorage.setItem('adminToken', 'e2e-placeholder-admin-token'));
      await page.goto(system.url('/admin/dashboard'));
      await page.waitForLoadState('networkidle');
      expect(adminPaths()).toContain('/remotes/admin/remoteEntry.js');
    } finally {
      await context.close();
    }
  });
});
