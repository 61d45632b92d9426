import type { FastLane, FastRoute } from '../http/fast-lane';
import type { PageRoute, PreloadHints } from './preload-hints';
import { putPagesInFastLane } from './server-pages-fast-path';
import type { ServerPages } from './server-pages';

const ROUTES: PageRoute[] = [
  { path: '/', page: 'storefront/Home', render: 'server' },
  { path: '/services', page: 'storefront/Catalogue', render: 'server' },
  { path: '/services/active', page: 'account/ActiveServices', guard: 'customer' },
  { path: '/services/:platform', page: 'storefront/Pricing', render: 'server' },
  { path: '/login', page: 'account/Login' },
  { path: '/faq', page: 'storefront/Faq', render: 'server' },
];

/** The page table's matching, as PreloadHints does it for these rows (exact rows before the parameter row). */
function matching(path: string): { route: PageRoute; params: Record<string, string> } | undefined {
  const exact = ROUTES.find((route) => route.path === path);
  if (exact) return { route: exact, params: {} };
  const match = /^\/services\/([^/]+)$/.exec(path);
  return match ? { route: ROUTES[3], params: { platform: match[1] } } : undefined;
}

function wire(cached: Map<string, { body: Buffer; etag: string }>, version = { now: 'v1' }) {
  const lanes: FastRoute[] = [];
  const fastLane = { register: (route: FastRoute) => lanes.push(route) } as unknown as FastLane;
  const hints = { pageRoutes: () => ROUTES, pageRoute: matching } as unknown as PreloadHints;
  const pages = {
    key: (route: PageRoute, path: string) => `${version.now} ${path}`,
    hit: (key: string | null) => (key === null ? undefined : cached.get(key)),
  } as unknown as ServerPages;
  putPagesInFastLane(fastLane, hints, pages);
  return { lanes, lane: (path: string) => lanes.find((lane) => lane.path === path) as FastRoute };
}

describe('putPagesInFastLane (rendered public pages answered ahead of Express)', () => {
  it('registers a lane per rendered row, HTML typed: exact paths, and the prefix of a row whose last segment is its parameter', () => {
    const { lanes } = wire(new Map());
    expect(lanes.map((lane) => [lane.path, Boolean(lane.parameter), lane.contentType])).toEqual([
      ['/', false, 'text/html; charset=utf-8'],
      ['/services', false, 'text/html; charset=utf-8'],
      ['/services/', true, 'text/html; charset=utf-8'],
      ['/faq', false, 'text/html; charset=utf-8'],
    ]);
  });

  it('keys a rendered page by its path, with or without a query; a guarded page under the prefix goes to the full stack', () => {
    const { lane } = wire(new Map());
    expect(lane('/services/').keyOf('/services/youtube')).toBe('/services/youtube');
    expect(lane('/services/').keyOf('/services/youtube?utm_source=mail')).toBe('/services/youtube');
    expect(lane('/services/').keyOf('/services/active')).toBeNull();
    expect(lane('/').keyOf('/')).toBe('/');
  });

  it("peeks the page's HTML under the bundles' current version: a redeployed remote's old page is a miss", () => {
    const page = { body: Buffer.from('<html>youtube</html>'), etag: '"a"' };
    const version = { now: 'v1' };
    const { lane } = wire(new Map([['v1 /services/youtube', page]]), version);
    const key = lane('/services/').keyOf('/services/youtube') as string;
    expect(lane('/services/').peek(key)).toBe(page);
    version.now = 'v2';
    expect(lane('/services/').peek(key)).toBeUndefined();
    expect(lane('/services/').peek('/services/never-asked')).toBeUndefined();
  });
});
