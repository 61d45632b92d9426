import { useEffect, useRef } from 'react';
import { documentTitle, PAGE_ROUTES, type PageRoute } from '@growth/kit/routes';

/** Pages the shell draws itself, outside the page table. */
const SHELL_TITLES: Record<string, string> = { '/unauthorized': 'Access Denied' };
export const NOT_FOUND_TITLE = 'Page Not Found';

/** wouter's matching of a pattern (`:name` is one non-empty segment, one trailing slash allowed, any case). */
export function matches(pattern: string, path: string): boolean {
  const want = pattern.replace(/\/$/, '').split('/');
  const have = path.replace(/\/$/, '').split('/');
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part.toLowerCase() === have[i].toLowerCase()));
}

export function routeOf(path: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => matches(route.path, path));
}

/**
 * The `<title>` and meta description of the page at `path`, from the page table (the server puts
 * the same into index.html): tabs, history and search results tell pages apart. A page that learns
 * a better title later (a pricing page, once its plan is loaded) sets it itself.
 */
export function headOf(path: string): { title: string; description: string | null } {
  const route = routeOf(path);
  const shell = SHELL_TITLES[path.replace(/(.)\/$/, '$1').toLowerCase()];
  if (!route) return { title: documentTitle(shell ?? NOT_FOUND_TITLE), description: null };
  const title = (route.title ?? 'SocialGrowth').replace('{name}', '').trim();
  return { title: documentTitle(title), description: route.description ?? null };
}

export function usePageHead(path: string): void {
  const first = useRef(true);
  useEffect(() => {
    const arrived = first.current;
    first.current = false;
    // On the document the server sent, a title naming what the address names ({name}: a plan's
    // name) is already right, and only the server and the page know the name: a hydrated page has
    // set it before this parent effect runs, so it is kept rather than replaced by the bare title.
    if (arrived && document.title && routeOf(path)?.title?.includes('{name}')) return;
    const { title, description } = headOf(path);
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [path]);
}
