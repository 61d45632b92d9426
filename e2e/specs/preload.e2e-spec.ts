/**
 * Preload hints through the real server (built shell + remotes): index.html names what its page
 * will fetch (the runtime config, the one remote entry and page chunks it needs, the first GET
 * call, unless the page is server-rendered and carries that answer), the browser uses every hint (each is fetched once, Chromium warns about none), and a
 * visitor of / is never sent towards the account or admin remote.
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, recordProblems, recordRequests, useSystem, type SystemHandle } from '../support/harness';

/** The preload URLs of a served page, in document order. */
function preloadHrefs(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map(([, href]) => href.replace(/&amp;/g, '&'));
}

/** What one visit saw: the page's hints, every request of its context, preload warnings, page problems. */
interface Visit {
  hints: string[];
  fetched: string[];
  warnings: string[];
  problems: string[];
}

/**
 * Chromium reports an unused preload a few seconds after the load event, so each visit waits 3.5 s
 * after its page is ready before its requests and warnings are read. The visits of this file do not
 * share anything (a context each, so no cache), so they run at once in beforeAll and their waits
 * overlap (docs/operations.md#test-suite-timings); each test then checks its own visit.
 */
async function visit(
  system: SystemHandle,
  path: string,
  ready: (page: Page) => Promise<void>,
  contextOptions: { viewport?: { width: number; height: number } },
): Promise<Visit> {
  const context = await system.browser.newContext(contextOptions);
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
    await ready(page);
    await page.waitForTimeout(3_500);
    const fetched = requests.map((r) => {
      const url = new URL(r.url());
      return url.pathname + url.search;
    });
    return { hints, fetched, warnings, problems };
  } finally {
    await context.close();
  }
}

/** The visit's result, or its error thrown in the test that checks it. */
function outcome(settled: PromiseSettledResult<Visit> | undefined): Visit {
  if (!settled) throw new Error('the visits did not run (see the beforeAll error above)');
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

const pages: [string, string, string][] = [
  ['/', '__federation_expose_Home.', '/api/services/getAll?page=1&limit=4'],
  ['/services', '__federation_expose_Catalogue.', '/api/services/getAll?page=1&limit=100'],
  ['/services/youtube', '__federation_expose_Pricing.', '/api/plans/youtube'],
  // The page requests its plan by the lower-cased slug: so does the hint.
  ['/services/YouTube', '__federation_expose_Pricing.', '/api/plans/youtube'],
  ['/faq', '__federation_expose_Faq.', '/api/documents/faqs'],
];

// Unknown platforms (404 'Plan not found', so no check for console errors): the server must put
// the path's parameter into the hint exactly as the router and the page do (decodeURI of the path,
// lower case, encodeURIComponent), or the browser fetches the plan twice.
const unknownPlans: [string, string][] = [
  ['/services/Caf%C3%A9', '/api/plans/caf%C3%A9'],
  ['/services/A%2FB', '/api/plans/a%252fb'],
  ['/services/%3Cb%3Ex', '/api/plans/%3Cb%3Ex'],
];

describeInBrowser('Preload hints (real server, Chromium)', () => {
  const system = useSystem({ browser: true });
  const visits = new Map<string, PromiseSettledResult<Visit>>();

  beforeAll(async () => {
    const all: Array<[string, () => Promise<Visit>]> = [
      ...pages.map(([path]): [string, () => Promise<Visit>] => [
        path,
        () =>
          visit(
            system,
            path,
            async (page) => {
              await page.locator('h1').first().waitFor();
              await page.waitForLoadState('networkidle');
            },
            { viewport: { width: 1280, height: 900 } },
          ),
      ]),
      // No plan there: the Not Found page (docs/catalogue.md, "Addresses and 404").
      ...unknownPlans.map(([path]): [string, () => Promise<Visit>] => [
        path,
        () => visit(system, path, (page) => page.getByRole('heading', { name: 'Page Not Found' }).waitFor(), {}),
      ]),
    ];
    // Two pages at a time: Chromium warns about a preload not used within 3 s of the load event,
    // and all eight pages at once on a 2-core machine have stretched a page past that.
    for (let i = 0; i < all.length; i += 2) {
      const batch = all.slice(i, i + 2);
      (await Promise.allSettled(batch.map(([, run]) => run()))).forEach((settled, j) => visits.set(batch[j]![0], settled));
    }
  });

  it.each(pages)('%s: every hint is used, each fetched once', (path, pageChunk, dataCall) => {
    const { hints, fetched, warnings, problems } = outcome(visits.get(path));
    expect(hints[0]).toBe('/api/runtime-config');
    expect(hints).toContain('/remotes/storefront/remoteEntry.js');
    expect(hints.some((h) => h.startsWith(`/remotes/storefront/${pageChunk}`) && h.endsWith('.js'))).toBe(true);
    // A server-rendered page carries its first answer (docs/architecture.md#server-rendering): not hinted, not fetched.
    expect(hints).not.toContain(dataCall);
    expect(fetched).not.toContain(dataCall);
    expect(hints.filter((h) => h.startsWith('/remotes/') && !h.startsWith('/remotes/storefront/'))).toEqual([]);

    for (const hint of hints) expect([hint, fetched.filter((f) => f === hint).length]).toEqual([hint, 1]);
    expect(warnings).toEqual([]);
    expect(fetched.filter((f) => f.startsWith('/remotes/admin/') || f.startsWith('/remotes/account/'))).toEqual([]);
    // The runtime config gives remoteEntry.js: the manifest hop is skipped.
    expect(fetched).not.toContain('/remotes/storefront/mf-manifest.json');
    expect(problems).toEqual([]);
  });

  it.each(unknownPlans)('%s: the plan hint is the very request the page makes', (path, dataCall) => {
    const { hints, fetched, warnings } = outcome(visits.get(path));
    expect(hints).toContain(dataCall);
    const planCalls = fetched.map((f) => new URL(f, 'http://x')).filter((u) => u.pathname.startsWith('/api/plans/'));
    expect(planCalls.map((u) => u.pathname)).toEqual([dataCall]);
    expect(warnings).toEqual([]);
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

  it('a customer page hints the account entry, which a visitor sent to sign in uses once, with no preload warning', async () => {
    const { hints, fetched, warnings } = await visit(
      system,
      '/profile',
      async (page) => {
        await page.waitForURL(/\/login\?next=/);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
      },
      {},
    );
    expect(hints).toEqual(['/api/runtime-config', '/remotes/account/remoteEntry.js']);
    expect(fetched.filter((f) => f === '/remotes/account/remoteEntry.js')).toHaveLength(1);
    expect(fetched.filter((f) => f.startsWith('/remotes/account/__federation_expose_Login.') && f.endsWith('.js'))).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});
