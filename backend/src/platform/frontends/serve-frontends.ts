import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import expressStaticGzip from 'express-static-gzip';
import type { AppConfig } from '../config/app-config';
import { Logger } from '@nestjs/common';
import { PageAddresses, type PageAnswer } from './page-addresses';
import { type PageRoute, PreloadHints } from './preload-hints';
import { SHOP_NAME } from '../config/brand';
import { ChangeEvents } from '../events/change-events';
import { ServerBundles } from './server-bundles';
import { isServerRendered, ServerPages } from './server-pages';
import { putPagesInFastLane } from './server-pages-fast-path';
import { FastLane } from '../http/fast-lane';
import { sitemapXml } from './sitemap';

const REMOTES = ['storefront', 'account', 'admin'] as const;
/**
 * A production build names its files `[name].[contenthash:8].<ext>` (frontends/kit/build/rspack.mjs):
 * such a name never points at other bytes, so it may be cached for good. Everything else (entries
 * like index.html and remoteEntry.js, the tables, and every file of a development build, whose
 * names carry no hash) is revalidated on each use.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.gz|\.br)?$/;

const isApi = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');

function cacheHeaders(res: ServerResponse, path: string): void {
  res.setHeader('Cache-Control', CONTENT_HASHED.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Paths the shell answers itself, outside the page table (its AppRoutes): Access Denied, and /admin's redirect. */
const SHELL_PATHS = ['/unauthorized', '/admin'];
const SITE_NAME = SHOP_NAME;
const NOT_FOUND_TITLE = `Page Not Found | ${SITE_NAME}`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html with this page's title and description (the shell sets the same on navigation). */
export function withPageHead(html: string, title: string | undefined, description: string | undefined): string {
  let out = html;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description) out = out.replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(description)}$2`);
  return out;
}

/** The title of a table row for what the address names (`{name}`: a plan's name, or nothing known). */
export function pageTitle(route: PageRoute, name: string | undefined): string | undefined {
  if (!route.title) return undefined;
  const title = route.title.includes('{name}') ? route.title.replace('{name}', name ?? '').replace(/^\s+/, '') : route.title;
  return `${title} | ${SITE_NAME}`;
}

/**
 * Serves the built frontends on the API's port: each remote under /remotes/<name>/, the shell at /,
 * precompressed files (.br, else .gz, as the browser's Accept-Encoding allows: the build writes both,
 * see docs/operations.md), and the shell's index.html for any other
 * page path (client-side routing; the shell shows Page Not Found for unknown paths), with
 * preload hints for what that page will fetch (see PreloadHints).
 *
 * Every address answers truthfully (docs/catalogue.md, "Addresses and 404"): a path in the shell's
 * page table (or one the shell draws itself) is 200, with its own title and description; a page
 * whose existence depends on data asks PageAddresses (an unknown platform is 404, a renamed
 * service's old address 301); any other path is 404 with the same shell, which shows Page Not Found.
 */
export function serveFrontends(app: NestExpressApplication, config: AppConfig): void {
  const dist = (name: string) => join(config.frontendsDir, name, 'dist');
  // `index: false`: `/` is a page like any other, answered below with its preload hints.
  // Brotli first when the browser takes both (about 15% fewer bytes than gzip -9). express-static-gzip
  // sets Vary: Accept-Encoding, Content-Encoding and the type of the original file; serve-static the
  // length and the ETag of the file actually sent, so each encoding has its own.
  const options = { enableBrotli: true, index: false, orderPreference: ['br', 'gzip'], serveStatic: { index: false, setHeaders: cacheHeaders } };

  for (const remote of REMOTES) {
    app.use(`/remotes/${remote}`, expressStaticGzip(dist(remote), options));
    // A missing remote file is a 404, never the shell page.
    app.use(`/remotes/${remote}`, (_req: Request, res: Response) => res.status(404).type('text/plain').send('Not found'));
  }
  // These handlers run before the API's routes: API paths skip them without touching the disk.
  const shellFiles = expressStaticGzip(dist('shell'), options);
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : shellFiles(req, res, next)));

  const hints = new PreloadHints(dist('shell'), config.remotes, dist);
  const logger = new Logger('Frontends');
  let addresses: PageAddresses | null = null;
  try {
    addresses = app.get(PageAddresses, { strict: false });
  } catch {
    addresses = null; // no module provides it: every table address is a page
  }

  const events = changeEventsOf(app);
  // A remote's assets are where its entry is (REMOTE_*_URL, or /remotes/<name>/ here).
  const remoteBase = (name: string) => ((config.remotes as Record<string, string>)[name] ?? `/remotes/${name}/`).replace(/[?#].*$/, '').replace(/[^/]*$/, '');
  const serverPages = new ServerPages(new ServerBundles(dist, remoteBase), () => app.getHttpServer(), config.publicUrl.replace(/\/$/, ''), SITE_NAME, events);
  const fastLane = fastLaneOf(app);
  if (fastLane) putPagesInFastLane(fastLane, hints, serverPages);

  app.use('/sitemap.xml', (req: Request, res: Response, next: NextFunction) => {
    // Mounted at the path: a deeper one ('/sitemap.xml/x', path '/x' here) is not the sitemap.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    serverPages.cache
      .getOrLoad('sitemap', async () => Buffer.from(await sitemapXml(hints.pageRoutes().filter(isServerRendered), addresses, config.publicUrl.replace(/\/$/, ''))))
      .then((sitemap) => res.status(200).type('application/xml').setHeader('Cache-Control', 'no-cache').send(sitemap.body))
      .catch(next);
  });

  const answerFor = async (path: string): Promise<PageAnswer & { title?: string; description?: string }> => {
    if (!hints.hasPageTable()) return { status: 200 };
    const found = hints.pageRoute(path);
    if (!found) {
      return SHELL_PATHS.includes(path.replace(/(.)\/$/, '$1').toLowerCase()) ? { status: 200 } : { status: 404, title: NOT_FOUND_TITLE };
    }
    let answer: PageAnswer = { status: 200 };
    if (addresses && found.route.path.includes(':')) {
      try {
        answer = await addresses.answer(found.route.path, found.params);
      } catch (error) {
        // The page itself says what went wrong when its data cannot be read; the status stays 200.
        logger.warn(`Could not tell whether ${path} exists: ${(error as Error).message}`);
      }
    }
    if (answer.status === 404) return { status: 404, title: NOT_FOUND_TITLE };
    if (answer.status === 301) return answer;
    return { status: 200, title: pageTitle(found.route, answer.name), description: found.route.description };
  };

  const indexFile = join(dist('shell'), 'index.html');
  let indexHtml: string | null = null;
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req)) return next();
    if (indexHtml === null || !config.production) {
      indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
    }
    if (indexHtml === null) {
      res.status(503).type('text/plain').send('The frontends are not built yet: run `npm run build` (npm start does it for you).');
      return;
    }
    const html = indexHtml;
    res.setHeader('Cache-Control', 'no-cache');
    // A public page the server renders: from the cache when it holds it (nothing else to ask).
    const found = hints.pageRoute(req.path);
    const rendered = found && isServerRendered(found.route) ? serverPages.key(found.route, req.path) : null;
    const hit = serverPages.hit(rendered);
    if (hit) return sendPage(req, res, hit);

    const answer = await answerFor(req.path);
    if (answer.status === 301) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, answer.location + (query >= 0 ? req.originalUrl.slice(query) : ''));
      return;
    }
    const shellHtml = hints.inject(withPageHead(html, answer.title, answer.description), req.path);
    if (answer.status === 200 && found && isServerRendered(found.route) && hints.hasPageTable()) {
      try {
        const page = await serverPages.get(rendered, {
          ...found,
          path: req.path,
          title: answer.title ?? SITE_NAME,
          description: answer.description ?? '',
          shellHtml,
        });
        return sendPage(req, res, page);
      } catch (error) {
        // The page is still served, drawn in the browser as before.
        logger.warn(`${req.path} served without server rendering: ${(error as Error).message}`);
      }
    }
    res.status(answer.status).type('html').send(shellHtml);
  });
}

/** The app's change events; none in an app without them (a test app: the TTL bounds how old a rendered page gets). */
function changeEventsOf(app: NestExpressApplication): ChangeEvents | null {
  try {
    return app.get(ChangeEvents, { strict: false });
  } catch {
    return null;
  }
}

/** The app's fast lane; none in an app without the platform module's (a test app of the frontends alone). */
function fastLaneOf(app: NestExpressApplication): FastLane | null {
  try {
    return app.get(FastLane, { strict: false });
  } catch {
    return null;
  }
}

/** A rendered page with its ETag; 304 when the browser holds these bytes. */
function sendPage(req: Request, res: Response, page: { body: Buffer; etag: string }): void {
  res.setHeader('ETag', page.etag);
  if (req.headers['if-none-match'] === page.etag) {
    res.status(304).end();
    return;
  }
  res.status(200).type('html').send(page.body);
}
