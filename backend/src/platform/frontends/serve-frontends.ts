import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import expressStaticGzip from 'express-static-gzip';
import type { AppConfig } from '../config/app-config';
import { PreloadHints } from './preload-hints';

const REMOTES = ['storefront', 'account', 'admin'] as const;
/**
 * A production build names its files `[name].[contenthash:8].<ext>` (frontends/kit/build/rspack.mjs):
 * such a name never points at other bytes, so it may be cached for good. Everything else (entries
 * like index.html and remoteEntry.js, the tables, and every file of a development build, whose
 * names carry no hash) is revalidated on each use.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.gz)?$/;

const isApi = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');

function cacheHeaders(res: ServerResponse, path: string): void {
  res.setHeader('Cache-Control', CONTENT_HASHED.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built frontends on the API's port: each remote under /remotes/<name>/, the shell at /,
 * precompressed (.gz) files when the browser accepts gzip, and the shell's index.html for any other
 * page path (client-side routing; the shell shows Page Not Found for unknown paths), with
 * preload hints for what that page will fetch (see PreloadHints).
 */
export function serveFrontends(app: NestExpressApplication, config: AppConfig): void {
  const dist = (name: string) => join(config.frontendsDir, name, 'dist');
  // `index: false`: `/` is a page like any other, answered below with its preload hints.
  const options = { enableBrotli: false, index: false, orderPreference: ['gz'], serveStatic: { index: false, setHeaders: cacheHeaders } };

  for (const remote of REMOTES) {
    app.use(`/remotes/${remote}`, expressStaticGzip(dist(remote), options));
    // A missing remote file is a 404, never the shell page.
    app.use(`/remotes/${remote}`, (_req: Request, res: Response) => res.status(404).type('text/plain').send('Not found'));
  }
  // These handlers run before the API's routes: API paths skip them without touching the disk.
  const shellFiles = expressStaticGzip(dist('shell'), options);
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : shellFiles(req, res, next)));

  const hints = new PreloadHints(dist('shell'), config.remotes, dist);
  const indexFile = join(dist('shell'), 'index.html');
  let indexHtml: string | null = null;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req)) return next();
    if (indexHtml === null || !config.production) {
      indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
    }
    if (indexHtml === null) {
      res.status(503).type('text/plain').send('The frontends are not built yet: run `npm run build` (npm start does it for you).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(hints.inject(indexHtml, req.path));
  });
}
