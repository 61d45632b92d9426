import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One row of the shell's path -> remote page table (frontends/kit/src/routes/page-routes.json). */
export interface PageRoute {
  path: string;
  /** `<remote>/<exposed module>`, e.g. 'storefront/Home'. */
  page: string;
  guard?: 'customer' | 'admin';
  data?: string[];
  /** The page's `<title>` (a `{name}` in it is what the address names, see PageAddresses). */
  title?: string;
  /** The page's meta description (public pages). */
  description?: string;
  /** 'server': rendered to HTML on the server and listed in /sitemap.xml (docs/architecture.md#server-rendering). */
  render?: 'server';
}

interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

export const RUNTIME_CONFIG_PATH = '/api/runtime-config';

/** The remote of /login, where RequireCustomer sends a visitor without a session (the shell's guards). */
const CUSTOMER_GUARD_REMOTE = 'account';

/** One `<link rel="preload">`: `fetch` for JSON the page fetches, `script`/`style` for chunks. */
export interface Hint {
  href: string;
  as: 'fetch' | 'script' | 'style';
}

/** Reads a JSON file again only when it changed on disk (a remote can be redeployed while we run). */
class JsonFile<T> {
  private mtimeMs = -1;
  private value: T | null = null;

  constructor(readonly file: string) {}

  get(): T | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      this.mtimeMs = -1;
      this.value = null;
      return null;
    }
    if (mtimeMs !== this.mtimeMs) {
      try {
        this.value = JSON.parse(readFileSync(this.file, 'utf8')) as T;
      } catch {
        this.value = null; // half-written during a deploy: no hints rather than wrong ones
      }
      this.mtimeMs = mtimeMs;
    }
    return this.value;
  }
}

/**
 * The path as the shell's router (wouter) matches it: decodeURI of the whole path, which leaves the
 * escapes of reserved characters (%2F, %3F, %23...) as they are; a malformed path is kept as sent.
 */
export function routedPath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/**
 * wouter's matching (regexparam): `:name` is one non-empty segment, one trailing slash is allowed,
 * case-insensitive. The route's parameters, as the page's useParams() gets them, or undefined when
 * the pattern does not match. `path` is already routedPath()'s.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const split = (p: string) => p.replace(/\/$/, '').split('/');
  const want = split(pattern);
  const have = split(path);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) {
      if (have[i] === '') return undefined;
      params[want[i].slice(1)] = have[i];
    } else if (want[i].toLowerCase() !== have[i].toLowerCase()) {
      return undefined;
    }
  }
  return params;
}

/** The first route of the table matching a request's path (as sent, percent-encoded), with its parameters. */
export function findPageRoute(routes: readonly PageRoute[], pathname: string): { route: PageRoute; params: Record<string, string> } | undefined {
  const path = routedPath(pathname);
  for (const route of routes) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

/**
 * A `data` URL of the table with the route's parameters put in (`/api/plans/:platform` on
 * /services/YouTube gives `/api/plans/youtube`), exactly as the page builds it:
 * encodeURIComponent of the lower-cased parameter (pages look things up by slug). Undefined when
 * the URL names a parameter the route does not have. The result holds no character that HTML
 * treats specially but `'`, so a hostile path cannot leave the (double-quoted, escaped) attribute.
 */
export function dataUrl(template: string, params: Record<string, string>): string | undefined {
  let unusable = false;
  const url = template.replace(/\/:(\w+)(?=[/?#]|$)/g, (_, name: string) => {
    const value = params[name];
    try {
      if (value !== undefined) return `/${encodeURIComponent(value.toLowerCase())}`;
    } catch {
      // A lone surrogate (URIError): the page cannot build this URL either.
    }
    unusable = true;
    return '';
  });
  return unusable ? undefined : url;
}

/**
 * Preload hints put into index.html after the shell's own script and stylesheet (so those are
 * still requested first), so the browser fetches in parallel what the shell would otherwise request
 * one after another: the runtime config, the entry of the one remote the page needs (its
 * remoteEntry.js or manifest, as the runtime config says), the page's own chunks when that
 * remote's manifest is on this server, and the page's first GET call (with the path's parameters
 * in it, see dataUrl: the hint must be the very URL the page fetches, or the browser fetches twice
 * and warns about an unused preload). Pages behind a guard get no chunk or data hints (the server
 * cannot see the session in local storage), so the admin remote is never hinted; a customer page
 * gets its remote's entry only, which the sign-in page needs too.
 */
export class PreloadHints {
  private readonly routes: JsonFile<{ routes?: PageRoute[] }>;
  private readonly manifests = new Map<string, JsonFile<RemoteManifest>>();

  constructor(
    shellDist: string,
    private readonly remotes: Record<string, string>,
    private readonly remoteDist: (name: string) => string,
  ) {
    this.routes = new JsonFile(join(shellDist, 'page-routes.json'));
  }

  /** index.html with the page's hints just before `</head>`. */
  inject(html: string, pathname: string): string {
    const tags = this.hintsFor(pathname).map(renderTag).join('');
    const at = html.lastIndexOf('</head>');
    return at < 0 ? html : html.slice(0, at) + tags + html.slice(at);
  }

  /** The row of the page table for this path, with its parameters; undefined for a path not in the table (or no table). */
  pageRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | undefined {
    return findPageRoute(this.routes.get()?.routes ?? [], pathname);
  }

  /** Every row of the page table (none without one). */
  pageRoutes(): readonly PageRoute[] {
    return this.routes.get()?.routes ?? [];
  }

  /** Whether the page table could be read (a build without it answers every path with the shell). */
  hasPageTable(): boolean {
    return Array.isArray(this.routes.get()?.routes);
  }

  hintsFor(pathname: string): Hint[] {
    const hints: Hint[] = [{ href: RUNTIME_CONFIG_PATH, as: 'fetch' }];
    const found = findPageRoute(this.routes.get()?.routes ?? [], pathname);
    if (!found) return hints;
    const { route, params } = found;

    const [remote, expose] = route.page.split('/');
    const entry = this.remotes[remote];
    // A customer page's remote is the sign-in page's too (account), where a visitor without a
    // session is sent: its entry is fetched either way, so it starts with the shell instead of after it.
    if (route.guard === 'customer' && entry && remote === CUSTOMER_GUARD_REMOTE) return [...hints, { href: entry, as: /\.json(\?|$)/.test(entry) ? 'fetch' : 'script' }];
    if (route.guard) return hints;
    if (entry) hints.push(...this.remoteHints(remote, expose, entry));
    for (const call of route.data ?? []) {
      const href = call.startsWith('/api/') ? dataUrl(call, params) : undefined;
      if (href) hints.push({ href, as: 'fetch' });
    }
    return hints;
  }

  private remoteHints(remote: string, expose: string, entry: string): Hint[] {
    const isManifest = /\.json(\?|$)/.test(entry);
    const hints: Hint[] = [{ href: entry, as: isManifest ? 'fetch' : 'script' }];

    // Chunk names are known only for a remote this server holds (served at /remotes/<name>/).
    const base = `/remotes/${remote}/`;
    if (!entry.startsWith(base)) return hints;
    let manifest = this.manifests.get(remote);
    if (!manifest) {
      manifest = new JsonFile<RemoteManifest>(join(this.remoteDist(remote), 'mf-manifest.json'));
      this.manifests.set(remote, manifest);
    }
    const content = manifest.get();
    if (!content) return hints;
    const publicPath = content.metaData?.publicPath;
    const root = publicPath && publicPath !== 'auto' ? publicPath : base;
    const remoteEntry = content.metaData?.remoteEntry;
    if (isManifest && remoteEntry?.name) {
      const dir = remoteEntry.path ? remoteEntry.path.replace(/\/?$/, '/') : '';
      hints.push({ href: `${root}${dir}${remoteEntry.name}`, as: 'script' });
    }
    const assets = content.exposes?.find((e) => e.name === expose)?.assets;
    for (const css of assets?.css?.sync ?? []) hints.push({ href: `${root}${css}`, as: 'style' });
    for (const js of assets?.js?.sync ?? []) hints.push({ href: `${root}${js}`, as: 'script' });
    return hints;
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `fetch()` sends same-origin credentials, so a fetch preload must be `crossorigin` (anonymous) to
 * be reused; chunks are loaded by plain <script>/<link> tags, so theirs must not be.
 */
function renderTag(hint: Hint): string {
  const cors = hint.as === 'fetch' ? ' crossorigin' : '';
  return `<link rel="preload" href="${escapeAttribute(hint.href)}" as="${hint.as}"${cors}>`;
}
