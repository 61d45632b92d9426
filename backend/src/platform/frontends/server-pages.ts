import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ResponseCache, type CachedBody } from '../cache/response-cache';
import { type ChangeEvents, followChanges } from '../events/change-events';
import { routedPath, type PageRoute, dataUrl } from './preload-hints';
import type { ServerBundles } from './server-bundles';

/** The id of the script holding the page's answers, which the shell reads before it hydrates (shell/src/ssr/hydrate.tsx). */
export const PAGE_DATA_ID = 'page-data';

/** A page the server renders (docs/architecture.md#server-rendering): a `render: server` row of the page table. */
export const isServerRendered = (route: PageRoute) => route.render === 'server' && !route.guard;

/** JSON inside a <script>: nothing in it can end the script or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's one address: lower case (routes match in any case, plans are read by lower-cased slug), no trailing slash. */
export function canonicalPath(pathname: string): string {
  const path = routedPath(pathname)
    .toLowerCase()
    .replace(/(.)\/$/, '$1');
  return encodeURI(path).replace(/%25([0-9a-f]{2})/gi, '%$1');
}

export interface PageToRender {
  route: PageRoute;
  params: Record<string, string>;
  /** The request's path, as sent. */
  path: string;
  title: string;
  description: string;
  /** index.html with the page's title, description and hints already in. */
  shellHtml: string;
}

/** A page's data could not be read as the page reads it (not 200): the shell is served as before, and the page fetches itself. */
export class PageDataUnavailable extends Error {}

/**
 * Renders public pages to HTML on request (docs/architecture.md#server-rendering), with the answers
 * of their first GET calls read from this server's own API (so the bytes, caches and rules are the
 * API's), and keeps the result in a response cache that follows the same change events as the API's
 * caches: an edit in the admin (a price, a document, a service) drops every rendered page, here and,
 * over Redis, on every other instance, and the next request renders it anew.
 */
export class ServerPages {
  readonly cache: ResponseCache;

  constructor(
    private readonly bundles: ServerBundles,
    private readonly server: () => Server,
    private readonly publicUrl: string,
    private readonly shopName: string,
    events: ChangeEvents | null,
  ) {
    this.cache = new ResponseCache({ maxEntries: 512, maxBytes: 64 * 1024 * 1024 });
    if (events) for (const topic of ['catalogue', 'plans', 'documents'] as const) followChanges(events, topic, this.cache);
  }

  /**
   * The cache key of a page (its bundles' version and path), or null when its bundles are not built.
   * A page is rendered from its path alone (the query is not read on the server, `search: ''`), so
   * an address with a query (a campaign's `?utm_…`, `?buy=`) shares the entry of its path.
   */
  key(route: PageRoute, path: string): string | null {
    const loaded = this.bundles.load(route.page.split('/')[0]);
    return loaded ? `${loaded.version} ${path}` : null;
  }

  hit(key: string | null): CachedBody | undefined {
    return key === null ? undefined : this.cache.peek(key);
  }

  /** The page's HTML, from the cache or rendered; rejects when it cannot be rendered (the caller serves the shell). */
  get(key: string | null, page: PageToRender): Promise<CachedBody> {
    return this.cache.getOrLoad(key, () => this.render(page));
  }

  private async render({ route, params, path, title, description, shellHtml }: PageToRender): Promise<Buffer> {
    const remote = route.page.split('/')[0];
    const loaded = this.bundles.load(remote);
    const component = loaded?.remote.pages[route.page];
    if (!loaded || !component) throw new Error(`no server bundle has ${route.page}`);

    const answers: Record<string, unknown> = {};
    await Promise.all(
      (route.data ?? []).map(async (call) => {
        const url = dataUrl(call, params);
        if (!url) throw new PageDataUnavailable(`${call} cannot be built for ${path}`);
        answers[url] = await this.read(url);
      }),
    );

    const markup = loaded.shell.render({ path, search: '', page: route.page, component, answers });
    // React puts the resources it hoists (an image preload) first: they belong in the head.
    const lead = /^(?:<link [^>]*\/>)+/.exec(markup)?.[0] ?? '';
    const url = `${this.publicUrl}${canonicalPath(path)}`;
    const structured = loaded.remote.structuredData?.(route.page, { url, origin: this.publicUrl, title, description, answers, shopName: this.shopName }) ?? [];
    const head =
      `<link rel="canonical" href="${escapeAttribute(url)}">` +
      structured.map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`).join('') +
      lead;
    const body = `<div id="root">${markup.slice(lead.length)}</div><script id="${PAGE_DATA_ID}" type="application/json">${scriptJson({ page: route.page, answers })}</script>`;

    const answered = new Set(Object.keys(answers).map(escapeAttribute));
    let html = shellHtml
      // The page's own stylesheets as stylesheets (not only preloaded): it is drawn before any script runs.
      .replace(/<link rel="preload" href="([^"]*)" as="style">/g, '<link rel="stylesheet" href="$1">')
      // Its data is in the page: the browser does not fetch it (a preload would go unused).
      .replace(/<link rel="preload" href="([^"]*)" as="fetch" crossorigin>/g, (tag, href: string) => (answered.has(href) ? '' : tag))
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '');
    const at = html.lastIndexOf('</head>');
    html = html.slice(0, at) + head + html.slice(at);
    if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
    return Buffer.from(html.replace('<div id="root"></div>', () => body));
  }

  /** A GET of this server's own API, as the browser would make it (no session): the parsed body of a 200. */
  private async read(url: string): Promise<unknown> {
    const address = this.server().address() as AddressInfo | null;
    if (!address) throw new PageDataUnavailable('the server is not listening');
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? address.family === 'IPv6'
          ? '[::1]'
          : '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    const response = await fetch(`http://${host}:${address.port}${url}`, { headers: { Accept: 'application/json' } });
    const body = (await response.json().catch(() => null)) as { success?: unknown } | null;
    if (response.status !== 200 || body?.success !== true) throw new PageDataUnavailable(`${url} answered ${response.status}`);
    return body;
  }
}
