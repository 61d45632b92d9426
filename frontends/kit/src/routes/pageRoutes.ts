import table from './page-routes.json';

/** Who may see a page: nobody special (undefined), a signed-in customer, or an admin session. */
export type PageGuard = 'customer' | 'admin';

/** `<remote>/<ExposedComponent>`, e.g. 'storefront/Home'. */
export type RemotePageId = `${'storefront' | 'account' | 'admin'}/${string}`;

export interface PageRoute {
  /** wouter pattern, e.g. '/services/:platform'. */
  path: string;
  page: RemotePageId;
  guard?: PageGuard;
  /**
   * GET calls the page makes first; the server preloads them with index.html. A `:name` segment is
   * the route's parameter, lower-cased and URI-encoded as the page requests it ('/api/plans/:platform').
   */
  data?: string[];
  /** The page's `<title>` before the site name; `{name}` is what the address names (a plan's name). */
  title?: string;
  /** The page's meta description (public pages); the server puts both into index.html too. */
  description?: string;
  /** 'server': a public page the server renders to HTML, hydrated by the shell (docs/architecture.md#server-rendering). */
  render?: 'server';
}

/**
 * Every path that mounts a remote page, in matching order (first match wins). The same JSON is
 * copied into the shell's dist for the backend's preload hints: one source of truth.
 */
export const PAGE_ROUTES: readonly PageRoute[] = table.routes as PageRoute[];

/** The site's name, the last part of every page title. */
export const SITE_NAME = 'SocialGrowth';

/** `<title>` of a page: its own words, then the site's name. */
export function documentTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
