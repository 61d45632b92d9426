import type { FastLane } from '../http/fast-lane';
import type { PageRoute, PreloadHints } from './preload-hints';
import { isServerRendered, type ServerPages } from './server-pages';

const HTML_TYPE = 'text/html; charset=utf-8';
/** How many page paths the lookup below remembers with their row; when full it starts over (like the lane's own memo). */
const MAX_PATHS = 1024;

/**
 * Puts the rendered public pages in the platform's fast lane (see FastLane for why): a plain GET of
 * a page the server renders, whose HTML is in ServerPages' cache for the bundles on disk now, is
 * answered before Express with the same bytes, ETag and headers as the full stack's answer, with or
 * without a query (the page is rendered from its path, ServerPages.key). A miss
 * (not rendered yet, dropped by an edit, a remote redeployed: its bundle's version is in the key)
 * and every other path go to the full stack, which renders and fills the
 * cache. One lane per row of the page table at start; a row added by a later build is served by the
 * full stack until the next start.
 */
export function putPagesInFastLane(fastLane: FastLane, hints: PreloadHints, pages: ServerPages): void {
  const rows = new Map<string, PageRoute>();
  const keyOf = (url: string): string | null => {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const found = hints.pageRoute(path);
    if (!found || !isServerRendered(found.route)) return null;
    if (rows.size >= MAX_PATHS) rows.clear();
    rows.set(path, found.route);
    return path;
  };
  const peek = (path: string) => {
    const route = rows.get(path);
    return route ? pages.hit(pages.key(route, path)) : undefined;
  };
  const lanes = new Set<string>();
  for (const route of hints.pageRoutes()) {
    if (!isServerRendered(route)) continue;
    const parameter = route.path.lastIndexOf('/:');
    // '/services/:platform': the lane of '/services/' and one segment; a parameter before the last segment has none.
    if (parameter >= 0 && route.path.indexOf(':') !== parameter + 1) continue;
    const path = parameter >= 0 ? route.path.slice(0, parameter + 1) : route.path;
    if (lanes.has(path)) continue;
    lanes.add(path);
    fastLane.register({ path, parameter: parameter >= 0, contentType: HTML_TYPE, keyOf, peek });
  }
}
