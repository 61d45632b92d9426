import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dataUrl, matchPattern, PreloadHints, routedPath } from './preload-hints';

/** The shell's real path -> remote table, so the hints tested here are the shipped ones. */
const PAGE_ROUTES = resolve(__dirname, '../../../../frontends/kit/src/routes/page-routes.json');

/** What the pricing page requests for a path param, as Pricing.tsx builds it (kit's base is /api). */
const pricingRequest = (platform: string) => `/api${'/plans/' + encodeURIComponent(platform.toLowerCase())}`;

describe('routedPath (as wouter sees the path)', () => {
  it.each([
    ['/services/youtube', '/services/youtube'],
    ['/services/%3Cscript%3E', '/services/<script>'],
    ['/services/caf%C3%A9', '/services/café'],
    ['/services/a%2Fb', '/services/a%2Fb'], // decodeURI keeps reserved escapes
    ['/services/%E0%A4%A', '/services/%E0%A4%A'], // malformed: kept as sent
  ])('%s -> %s', (pathname, path) => {
    expect(routedPath(pathname)).toBe(path);
  });
});

describe('matchPattern (wouter matching)', () => {
  it('gives the parameters of a matching path, case-insensitively, with one trailing slash allowed', () => {
    expect(matchPattern('/services/:platform', '/services/YouTube')).toEqual({ platform: 'YouTube' });
    expect(matchPattern('/SERVICES/:platform', '/services/x/')).toEqual({ platform: 'x' });
    expect(matchPattern('/services', '/Services/')).toEqual({});
    expect(matchPattern('/', '/')).toEqual({});
  });

  it.each([
    ['/services/:platform', '/services/'],
    ['/services/:platform', '/services//'],
    ['/services/:platform', '/services/youtube//'],
    ['/services/:platform', '/services/a/b'],
    ['/services', '/service'],
    ['/', '/about'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchPattern(pattern, path)).toBeUndefined();
  });
});

describe('dataUrl', () => {
  it('puts in the lower-cased, URI-encoded parameter and keeps the rest', () => {
    expect(dataUrl('/api/plans/:platform', { platform: 'YouTube' })).toBe('/api/plans/youtube');
    expect(dataUrl('/api/plans/:platform?x=1', { platform: 'a b' })).toBe('/api/plans/a%20b?x=1');
    expect(dataUrl('/api/services/getAll?page=1&limit=4', {})).toBe('/api/services/getAll?page=1&limit=4');
  });

  it('gives nothing for a parameter the route does not have, or one no URL can hold', () => {
    expect(dataUrl('/api/plans/:slug', { platform: 'youtube' })).toBeUndefined();
    expect(dataUrl('/api/plans/:platform', { platform: '\ud800' })).toBeUndefined();
  });
});

describe('PreloadHints with the shipped page table', () => {
  let dir: string;
  let hints: PreloadHints;
  const fetches = (pathname: string) =>
    hints
      .hintsFor(pathname)
      .filter((h) => h.as === 'fetch')
      .map((h) => h.href);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'growth-hints-'));
    copyFileSync(PAGE_ROUTES, join(dir, 'page-routes.json'));
    // No remote entries: only the runtime config and the pages' data calls are hinted.
    hints = new PreloadHints(dir, {}, (name) => join(dir, name));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hints the plan of a pricing page at the URL the page requests', () => {
    expect(fetches('/services/youtube')).toEqual(['/api/runtime-config', '/api/plans/youtube']);
    expect(fetches('/services/YouTube/')).toEqual(['/api/runtime-config', '/api/plans/youtube']);
  });

  it('keeps the fixed pages before the pattern: /services/active is guarded, /services the catalogue', () => {
    expect(fetches('/services/active')).toEqual(['/api/runtime-config']);
    expect(fetches('/services/Completed')).toEqual(['/api/runtime-config']);
    expect(fetches('/services/%61ctive')).toEqual(['/api/runtime-config']); // wouter decodes it to /services/active
    expect(fetches('/services')).toEqual(['/api/runtime-config', '/api/services/getAll?page=1&limit=100']);
  });

  it.each([
    // [path as the browser sends it, the platform param wouter gives the page]
    ['/services/TikTok', 'TikTok'],
    ['/services/caf%C3%A9', 'café'],
    ['/services/%C3%89T%C3%89', 'ÉTÉ'],
    ['/services/a%20b', 'a b'],
    ['/services/a%2Fb', 'a%2Fb'],
    ['/services/a%3Fb%23c', 'a%3Fb%23c'],
    ["/services/it's", "it's"],
    ['/services/%E0%A4%A', '%E0%A4%A'],
  ])('%s: the hint is the very request the page makes', (pathname, platform) => {
    expect(fetches(pathname)).toEqual(['/api/runtime-config', pricingRequest(platform)]);
  });

  it.each(['/services/%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/services/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', '/services/"><script>x'])(
    '%s cannot put markup into index.html',
    (pathname) => {
      const html = hints.inject('<html><head><title>t</title></head><body></body></html>', pathname);
      const head = html.slice(html.indexOf('</title>') + '</title>'.length, html.indexOf('</head>'));
      // Only the two link tags, every attribute value free of quotes and angle brackets.
      expect(head).toMatch(/^(<link rel="preload" href="[^"<>]*" as="fetch" crossorigin>){2}$/);
      expect(html).not.toMatch(/<script|<img|onerror=/i);
    },
  );
});

describe('PreloadHints of guarded pages', () => {
  let dir: string;
  let hints: PreloadHints;
  const remotes = { storefront: '/remotes/storefront/remoteEntry.js', account: '/remotes/account/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'growth-hints-'));
    copyFileSync(PAGE_ROUTES, join(dir, 'page-routes.json'));
    hints = new PreloadHints(dir, remotes, (name) => join(dir, name));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a customer page hints its remote entry only: the sign-in page a visitor is sent to needs it too', () => {
    for (const path of ['/profile', '/services/active', '/services/completed']) {
      expect(hints.hintsFor(path)).toEqual([
        { href: '/api/runtime-config', as: 'fetch' },
        { href: '/remotes/account/remoteEntry.js', as: 'script' },
      ]);
    }
  });

  it('an admin page hints no remote', () => {
    expect(hints.hintsFor('/admin/tasks')).toEqual([{ href: '/api/runtime-config', as: 'fetch' }]);
  });
});
