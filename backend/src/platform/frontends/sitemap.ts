import type { PageAddresses } from './page-addresses';
import type { PageRoute } from './preload-hints';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * /sitemap.xml: every public page (the page table's `render: server` rows), a route with a
 * parameter once per value that is a page (PageAddresses.values: each plan's pricing page).
 */
export async function sitemapXml(routes: readonly PageRoute[], addresses: PageAddresses | null, origin: string): Promise<string> {
  const paths: string[] = [];
  for (const route of routes) {
    const param = /\/:(\w+)/.exec(route.path);
    if (!param) {
      paths.push(route.path);
      continue;
    }
    for (const value of (await addresses?.values(route.path)) ?? []) paths.push(route.path.replace(`:${param[1]}`, encodeURIComponent(value)));
  }
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
}
