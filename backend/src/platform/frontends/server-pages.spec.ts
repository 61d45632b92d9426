import { canonicalPath, isServerRendered, scriptJson } from './server-pages';
import { sitemapXml } from './sitemap';
import { PageAddresses, type PageAnswer } from './page-addresses';

describe('scriptJson (the page data inside <script>)', () => {
  it('cannot end the script, open a comment or break a line for JavaScript', () => {
    const text = scriptJson({ a: '</script><script>alert(1)</script>', b: '<!--', c: 'x\u2028y&' });
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script>', b: '<!--', c: 'x\u2028y&' });
  });
});

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/Services/YouTube/', '/services/youtube'],
    ['/services/caf%C3%A9', '/services/caf%C3%A9'],
    ['/services/"><x', '/services/%22%3E%3Cx'],
  ])('%s -> %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });
});

describe('isServerRendered', () => {
  it('is the render: server rows that no guard keeps', () => {
    expect(isServerRendered({ path: '/', page: 'storefront/Home', render: 'server' })).toBe(true);
    expect(isServerRendered({ path: '/login', page: 'account/Login' })).toBe(false);
    expect(isServerRendered({ path: '/x', page: 'account/X', render: 'server', guard: 'customer' })).toBe(false);
  });
});

class TwoPlans extends PageAddresses {
  answer(): Promise<PageAnswer> {
    return Promise.resolve({ status: 200 });
  }
  override values(route: string): Promise<string[]> {
    return Promise.resolve(route === '/services/:platform' ? ['x', 'you&tube'] : []);
  }
}

describe('sitemapXml', () => {
  it('lists the fixed pages and a parameter route once per value, escaped', async () => {
    const xml = await sitemapXml(
      [
        { path: '/', page: 'storefront/Home', render: 'server' },
        { path: '/services/:platform', page: 'storefront/Pricing', render: 'server' },
      ],
      new TwoPlans(),
      'https://shop.example',
    );
    expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://shop.example/',
      'https://shop.example/services/x',
      'https://shop.example/services/you%26tube',
    ]);
  });
});
