import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';

/**
 * The frontends as the server sends them: index.html for page paths with preload hints for what
 * that page will fetch (from the shell's real path -> remote table), and cache headers. Built
 * frontends are replaced by a small fixture so this runs without a frontend build.
 */
const PAGE_ROUTES = resolve(__dirname, '../../../frontends/kit/src/routes/page-routes.json');
const INDEX_HTML =
  '<!doctype html><html><head><title>t</title><script defer src="/main.1234abcd.js"></script>' +
  '<link href="/main.1234abcd.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';

function manifest(name: string, exposes: string[]) {
  return {
    name,
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: exposes.map((expose) => ({
      name: expose,
      assets: {
        js: { sync: [`__federation_expose_${expose}.aaaa1111.js`], async: [] },
        css: { sync: [`__federation_expose_${expose}.bbbb2222.css`], async: [] },
      },
    })),
  };
}

function frontendsFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'growth-frontends-'));
  const dist = (name: string) => {
    const path = join(dir, name, 'dist');
    mkdirSync(path, { recursive: true });
    return path;
  };
  const shell = dist('shell');
  writeFileSync(join(shell, 'index.html'), INDEX_HTML);
  writeFileSync(join(shell, 'main.1234abcd.js'), '/* main */');
  // What a development build writes (frontends/kit/build/rspack.mjs): the same names, no content hash.
  writeFileSync(join(shell, 'main.js'), '/* main, development build */');
  writeFileSync(join(shell, 'main.js.gz'), gzipSync('/* main, development build */'));
  writeFileSync(join(shell, 'main.1234abcd.css'), '/* css */');
  writeFileSync(join(shell, 'main.1234abcd.css.gz'), gzipSync('/* css */'));
  mkdirSync(join(shell, 'assets'));
  writeFileSync(join(shell, 'assets', 'logo.png'), 'png');
  writeFileSync(join(shell, 'assets', 'logo.0f1e2d3c.png'), 'png');
  copyFileSync(PAGE_ROUTES, join(shell, 'page-routes.json'));
  const remotes: Record<string, string[]> = {
    storefront: ['Home', 'Catalogue', 'Pricing', 'About'],
    account: ['Login', 'Profile', 'AdminLogin'],
    admin: ['Dashboard', 'Tasks'],
  };
  for (const [name, exposes] of Object.entries(remotes)) {
    const remote = dist(name);
    writeFileSync(join(remote, 'mf-manifest.json'), JSON.stringify(manifest(name, exposes)));
    writeFileSync(join(remote, 'remoteEntry.js'), `var ${name};`);
    writeFileSync(join(remote, `__federation_expose_${exposes[0]}.aaaa1111.js`), '/* chunk */');
    writeFileSync(join(remote, `__federation_expose_${exposes[0]}.js`), '/* chunk, development build */');
    writeFileSync(join(remote, 'src_pages_Home_tsx.js'), '/* chunk, development build */');
  }
  return dir;
}

/** The Content-Security-Policy header as directive -> sources. */
function cspOf(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The preload tags of a page, as `as href` strings in document order. */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"( crossorigin)?>/g)].map(
    ([, href, as, cors]) => `${as}${cors ? '+cors' : ''} ${href.replace(/&amp;/g, '&')}`,
  );
}

describe('frontends over HTTP', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = frontendsFixture();
    t = await createTestApp({ env: { FRONTENDS_DIR: dir } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  it('/ preloads the runtime config, the storefront entry, the Home chunks and its first call', async () => {
    const res = await get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.text)).toEqual([
      'fetch+cors /api/runtime-config',
      'script /remotes/storefront/remoteEntry.js',
      'style /remotes/storefront/__federation_expose_Home.bbbb2222.css',
      'script /remotes/storefront/__federation_expose_Home.aaaa1111.js',
      'fetch+cors /api/services/getAll?page=1&limit=4',
    ]);
    // The shell's own script and stylesheet are still discovered first.
    expect(res.text.indexOf('rel="preload"')).toBeGreaterThan(res.text.indexOf('/main.1234abcd.css'));
  });

  it('/ never hints the admin or the account remote', async () => {
    const res = await get('/').expect(200);
    expect(res.text).not.toContain('/remotes/admin/');
    expect(res.text).not.toContain('/remotes/account/');
    expect(res.headers.link).toBeUndefined();
  });

  it('/services/youtube preloads the Pricing page of the storefront and its plan, at the URL the page requests', async () => {
    const res = await get('/services/youtube').expect(200);
    expect(preloads(res.text)).toEqual([
      'fetch+cors /api/runtime-config',
      'script /remotes/storefront/remoteEntry.js',
      'style /remotes/storefront/__federation_expose_Pricing.bbbb2222.css',
      'script /remotes/storefront/__federation_expose_Pricing.aaaa1111.js',
      'fetch+cors /api/plans/youtube',
    ]);
    expect(preloads((await get('/services/YouTube').expect(200)).text)).toContain('fetch+cors /api/plans/youtube');
    // The hinted URL answers the plan.
    const plan = await get('/api/plans/youtube').expect(200);
    expect(plan.body.plan.slug).toBe('youtube');
  });

  it('puts a hostile pricing path into its hint URI-encoded, never as markup', async () => {
    // No plan answers there: a 404 with the shell's page (docs/catalogue.md, "Addresses and 404").
    const res = await get('/services/%3Cscript%3Ealert(1)%3C%2Fscript%3E').expect(404);
    // wouter leaves %2F encoded in the param; the page lower-cases and encodes it again, like the hint.
    expect(preloads(res.text)).toContain('fetch+cors /api/plans/%3Cscript%3Ealert(1)%3C%252fscript%3E');
    expect(res.text).not.toContain('<script>');
  });

  it('follows the shell route order, case and trailing slash like wouter', async () => {
    expect(preloads((await get('/services/').expect(200)).text)).toContain('fetch+cors /api/services/getAll?page=1&limit=100');
    expect(preloads((await get('/ABOUT').expect(200)).text)).toContain('script /remotes/storefront/__federation_expose_About.aaaa1111.js');
    expect(preloads((await get('/login').expect(200)).text)).toContain('script /remotes/account/__federation_expose_Login.aaaa1111.js');
  });

  it.each(['/admin/dashboard', '/admin/tasks', '/admin', '/no/such/page'])('%s (admin or unknown) hints only the runtime config', async (path) => {
    // An unknown path is a 404 with the same shell page (docs/catalogue.md, "Addresses and 404").
    const res = await get(path).expect(path === '/no/such/page' ? 404 : 200);
    expect(preloads(res.text)).toEqual(['fetch+cors /api/runtime-config']);
  });

  it.each(['/profile', '/services/active'])('%s (a customer page) hints the runtime config and the account entry, nothing of the page itself', async (path) => {
    // The page, or the sign-in page a visitor is sent to, needs the account remote either way; its own
    // chunk and data depend on the session the server does not see (docs/operations.md#lighthouse).
    const res = await get(path).expect(200);
    expect(preloads(res.text)).toEqual(['fetch+cors /api/runtime-config', 'script /remotes/account/remoteEntry.js']);
  });

  it('sends the Content-Security-Policy with the page, and it allows the hinted same-origin files', async () => {
    const res = await get('/').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/style-src 'self'/);
  });

  it('with every remote on our own origin, the CSP names no other origin for scripts, styles or fetches', async () => {
    const csp = cspOf((await get('/').expect(200)).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client', 'https://checkout.razorpay.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://accounts.google.com', 'https://lumberjack.razorpay.com']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com']);
    expect(csp['font-src']).toEqual(["'self'", 'data:']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  // /sitemap.xml is served beside the API, outside Nest's router: its row of the role matrix and its
  // hostile input are here (docs/architecture.md#server-rendering).
  it('serves /sitemap.xml to everyone alike: the same bytes for a visitor, a customer, an admin and a forged token', async () => {
    const customer = await signUpCustomer(t, 'sitemap');
    const admin = await adminToken(t);
    const visitor = await get('/sitemap.xml').expect(200);
    expect(visitor.headers['content-type']).toMatch(/^application\/xml/);
    expect(visitor.text).toContain('<loc>');
    expect(visitor.text).toMatch(/<loc>[^<]*\/services\/youtube<\/loc>/);
    for (const token of [customer.token, admin.token, 'forged.token.value']) {
      const other = await get('/sitemap.xml').set('Authorization', `Bearer ${token}`).expect(200);
      expect(other.text).toBe(visitor.text);
    }
    const head = await request(t.app.getHttpServer()).head('/sitemap.xml').expect(200);
    expect(head.text ?? '').toBe('');
  });

  it('/sitemap.xml: other methods, deeper paths, long queries and escapes get a clear answer, never a 500 or a second sitemap', async () => {
    const sitemap = (await get('/sitemap.xml').expect(200)).text;
    const post = await request(t.app.getHttpServer()).post('/sitemap.xml').send({ x: 1 });
    expect(post.status).toBe(404);
    expect(post.text).not.toContain('<urlset');
    expect((await get(`/sitemap.xml?${'q='.padEnd(4000, 'x')}`).expect(200)).text).toBe(sitemap);
    for (const path of ['/sitemap.xml/extra', '/sitemap.xml/..%2f..%2fetc%2fpasswd', '/sitemap.xml%00', '/sitemap.xml.bak']) {
      const res = await get(path);
      expect([path, res.status < 500, res.text.includes('<urlset')]).toEqual([path, true, false]);
    }
  });

  it('caches hashed files forever and revalidates entries and tables', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    expect((await get('/main.1234abcd.js').expect(200)).headers['cache-control']).toBe(immutable);
    expect((await get('/remotes/storefront/__federation_expose_Home.aaaa1111.js').expect(200)).headers['cache-control']).toBe(immutable);
    for (const path of ['/remotes/storefront/remoteEntry.js', '/remotes/storefront/mf-manifest.json', '/page-routes.json']) {
      expect((await get(path).expect(200)).headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/remotes/admin/nothing.js').expect(404)).text).toBe('Not found');
  });

  it('caches only names with a content hash for good: a development build (main.js, chunks, assets) is revalidated', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    const hashed = ['/main.1234abcd.css', '/assets/logo.0f1e2d3c.png', '/remotes/storefront/__federation_expose_Home.aaaa1111.js'];
    for (const path of hashed) expect([path, (await get(path).expect(200)).headers['cache-control']]).toEqual([path, immutable]);
    const unhashed = ['/main.js', '/assets/logo.png', '/remotes/storefront/__federation_expose_Home.js', '/remotes/account/src_pages_Home_tsx.js'];
    for (const path of unhashed) expect([path, (await get(path).expect(200)).headers['cache-control']]).toEqual([path, 'no-cache']);
    // The precompressed copy of a file gets the header of the name asked for.
    const devMain = await get('/main.js').set('Accept-Encoding', 'gzip').expect(200);
    expect([devMain.headers['content-encoding'], devMain.headers['cache-control']]).toEqual(['gzip', 'no-cache']);
    const prodCss = await get('/main.1234abcd.css').set('Accept-Encoding', 'gzip').expect(200);
    expect([prodCss.headers['content-encoding'], prodCss.headers['cache-control']]).toEqual(['gzip', immutable]);
  });
});

describe('frontends with remotes elsewhere', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = frontendsFixture();
    t = await createTestApp({
      env: {
        FRONTENDS_DIR: dir,
        REMOTE_STOREFRONT_URL: 'https://cdn.example/storefront/remoteEntry.js',
        REMOTE_ACCOUNT_URL: '/remotes/account/mf-manifest.json',
        REMOTE_ADMIN_URL: 'https://admin-cdn.example:8443/admin/mf-manifest.json',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hints only the entry of a remote it does not hold (its chunk names are unknown here)', async () => {
    const res = await request(t.app.getHttpServer()).get('/services/youtube').expect(200);
    expect(preloads(res.text)).toEqual(['fetch+cors /api/runtime-config', 'script https://cdn.example/storefront/remoteEntry.js', 'fetch+cors /api/plans/youtube']);
  });

  it('lets the page load remotes from their CDN origins: scripts, manifests, CSS, fonts and images (CSP)', async () => {
    const res = await request(t.app.getHttpServer()).get('/').expect(200);
    const csp = cspOf(res.headers['content-security-policy']);
    for (const directive of ['script-src', 'connect-src', 'style-src', 'font-src', 'img-src']) {
      expect([directive, csp[directive]]).toEqual([directive, expect.arrayContaining(["'self'", 'https://cdn.example', 'https://admin-cdn.example:8443'])]);
    }
    // Origins only: never a path, and a remote on our own origin adds nothing.
    expect(csp['script-src'].filter((source) => source.includes('example'))).toEqual(['https://cdn.example', 'https://admin-cdn.example:8443']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).not.toContain('https://cdn.example');
  });

  it('hints a manifest location as a fetch, then the entry and chunks it names', async () => {
    const res = await request(t.app.getHttpServer()).get('/login').expect(200);
    expect(preloads(res.text)).toEqual([
      'fetch+cors /api/runtime-config',
      'fetch+cors /remotes/account/mf-manifest.json',
      'script /remotes/account/remoteEntry.js',
      'style /remotes/account/__federation_expose_Login.bbbb2222.css',
      'script /remotes/account/__federation_expose_Login.aaaa1111.js',
    ]);
  });
});
