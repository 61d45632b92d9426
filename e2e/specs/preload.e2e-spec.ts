/**
 * Preload hints through the real server (built shell + remotes): index.html names what its page
 * will fetch (the runtime config, the one remote entry and page chunks it needs, the first GET
 * call), the browser uses every hint (each is fetched once, Chromium warns about none), and a
 * visitor of / is never sent towards the account or admin remote.
 */
import { describeInBrowser, recordProblems, recordRequests, useSystem } from '../support/harness';

/** The preload URLs of a served page, in document order. */
function preloadHrefs(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map(([, href]) => href.replace(/&amp;/g, '&'));
}

describeInBrowser('Preload hints (real server, Chromium)', () => {
  const system = useSystem({ browser: true });

  it.each([
    ['/', '__federation_expose_Home.', '/api/services/getAll?page=1&limit=4'],
    ['/services', '__federation_expose_Catalogue.', '/api/services/getAll?page=1&limit=100'],
    ['/services/youtube', '__federation_expose_Pricing.', '/api/plans/youtube'],
    // The page requests its plan by the lower-cased slug: so does the hint.
    ['/services/YouTube', '__federation_expose_Pricing.', '/api/plans/youtube'],
  ])('%s: every hint is used, each fetched once', async (path, pageChunk, dataCall) => {
    const context = await system.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const requests = recordRequests(context);
    const page = await context.newPage();
    const problems = recordProblems(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    try {
      const response = await page.goto(system.url(path));
      const hints = preloadHrefs(await response!.text());
      expect(hints[0]).toBe('/api/runtime-config');
      expect(hints).toContain('/remotes/storefront/remoteEntry.js');
      expect(hints.some((h) => h.startsWith(`/remotes/storefront/${pageChunk}`) && h.endsWith('.js'))).toBe(true);
      if (dataCall) expect(hints).toContain(dataCall);
      expect(hints.filter((h) => h.startsWith('/remotes/') && !h.startsWith('/remotes/storefront/'))).toEqual([]);

      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Chromium reports an unused preload a few seconds after the load event.
      await page.waitForTimeout(3_500);

      const fetched = requests.map((r) => {
        const url = new URL(r.url());
        return url.pathname + url.search;
      });
      for (const hint of hints) expect([hint, fetched.filter((f) => f === hint).length]).toEqual([hint, 1]);
      expect(warnings).toEqual([]);
      expect(fetched.filter((f) => f.startsWith('/remotes/admin/') || f.startsWith('/remotes/account/'))).toEqual([]);
      // The runtime config gives remoteEntry.js: the manifest hop is skipped.
      expect(fetched).not.toContain('/remotes/storefront/mf-manifest.json');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Unknown platforms (404 'Plan not found', so no check for console errors): the server must put
  // the path's parameter into the hint exactly as the router and the page do (decodeURI of the path,
  // lower case, encodeURIComponent), or the browser fetches the plan twice.
  it.each([
    ['/services/Caf%C3%A9', '/api/plans/caf%C3%A9'],
    ['/services/A%2FB', '/api/plans/a%252fb'],
    ['/services/%3Cb%3Ex', '/api/plans/%3Cb%3Ex'],
  ])('%s: the plan hint is the very request the page makes', async (path, dataCall) => {
    const context = await system.browser.newContext();
    const requests = recordRequests(context);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    try {
      const response = await page.goto(system.url(path));
      expect(preloadHrefs(await response!.text())).toContain(dataCall);
      // No plan there: the Not Found page (docs/catalogue.md, "Addresses and 404").
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.waitForTimeout(3_500);
      const planCalls = requests.map((r) => new URL(r.url())).filter((u) => u.pathname.startsWith('/api/plans/'));
      expect(planCalls.map((u) => u.pathname)).toEqual([dataCall]);
      expect(warnings).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a guarded page hints no remote, so a visitor of /admin/dashboard never gets the admin remote', async () => {
    const context = await system.browser.newContext();
    const requests = recordRequests(context);
    const page = await context.newPage();
    try {
      const response = await page.goto(system.url('/admin/dashboard'));
      expect(preloadHrefs(await response!.text())).toEqual(['/api/runtime-config']);
      await page.waitForLoadState('networkidle');
      expect(requests.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith('/remotes/admin/'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
