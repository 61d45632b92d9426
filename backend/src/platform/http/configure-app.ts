import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';
import { remoteOrigins } from '../frontends/remote-origins';
import { serveFrontends } from '../frontends/serve-frontends';
import { ErrorEnvelopeFilter, toErrorResponse } from './error-envelope.filter';
import { applyHttpTimeouts } from './http-timeouts';
import { answerClientErrors, cutStatusOf, stopCutRequests } from './lingering-close';
import { RequestLog } from './request-log';
import { createValidationPipe } from './validation.pipe';

export const API_PREFIX = 'api';
/** The only routes that take an HTML form post: Razorpay's redirect-mode callback. */
const FORM_POST_PATHS = ['/api/payment/callback'];
/** The largest JSON request body accepted (413 beyond). */
export const JSON_BODY_LIMIT = '64kb';

const isApiPath = (path: string) => path === `/${API_PREFIX}` || path.startsWith(`/${API_PREFIX}/`);

/**
 * Everything around the route handlers, shared by main.ts and the tests: the server's timeouts for
 * slow and idle clients, security headers, Cache-Control, CORS, request log, `/api` prefix,
 * validation, the error envelope, OpenAPI at /api/docs and the frontends.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.disable('x-powered-by');
  // req.ip, the key of every per-IP limit: the socket's address unless TRUST_PROXY names the proxies in
  // front (a hop count or their addresses); a client's own X-Forwarded-For is never believed.
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false); // JSON handlers that are worth caching set their own ETag
  app.use(app.get(RequestLog).middleware);
  applyHttpTimeouts(app.getHttpServer(), config.http);
  answerClientErrors(app.getHttpServer());
  // A worker process (PROCESS_ROLE=worker) listens only so that an orchestrator can probe its health;
  // shop traffic belongs to the web processes (docs/operations.md).
  if (config.role === 'worker') {
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.path === `/${API_PREFIX}/health`) return next();
      res.status(404).json({ success: false, message: 'This is a worker process (PROCESS_ROLE=worker): it answers /api/health only.', error: 'not_found' });
    });
  }
  // Most API answers depend on who asks (the caller's orders, profile, session token) or on the moment;
  // none may be kept by a browser or a shared cache. So `no-store` is the default, set before any
  // guard, body parser or route runs, so that refusals and errors have it too. The public catalogue
  // answers, the same bytes for everyone, replace it with `no-cache` and an ETag (sendCachedJson, and
  // the fast lane, which answers before this middleware). The frontends' files set their own.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Remotes moved to a CDN (REMOTE_*_URL) bring their entry, chunks, manifest, CSS and assets from there.
  const remotes = remoteOrigins(config.remotes);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...remotes, 'https://accounts.google.com/gsi/client', 'https://checkout.razorpay.com'],
          frameSrc: ["'self'", 'https://accounts.google.com', 'https://api.razorpay.com'],
          connectSrc: ["'self'", ...remotes, 'https://accounts.google.com', 'https://lumberjack.razorpay.com'],
          imgSrc: ["'self'", ...remotes, 'data:', 'blob:'],
          styleSrc: ["'self'", ...remotes, "'unsafe-inline'", 'https://accounts.google.com'],
          fontSrc: ["'self'", ...remotes, 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({ origin: config.corsOrigins, credentials: false, maxAge: 600 });
  // The app is created with `rawBody: true` (main.ts, tests): handlers that check a signature over the
  // exact bytes (the payment webhook) read `req.rawBody`.
  // JSON bodies are small forms and admin edits; uploads come as multipart with a limit of their own.
  // Nesting is limited by the validation pipe before class-transformer (which recurses) sees it.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  // Form posts only where a form is expected.
  app.useBodyParser('urlencoded', {
    extended: false,
    limit: '16kb',
    type: (req: IncomingMessage) =>
      FORM_POST_PATHS.includes(req.url?.split('?')[0] ?? '') && /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''),
  });
  // A request cut for its slow body (408) is not handed on, even if the body is complete by now.
  app.use(stopCutRequests);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorEnvelopeFilter());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Growth storefront API')
      .setDescription('Every response is `{ success: true, ... }` or `{ success: false, message, error }`.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document);

  serveFrontends(app, config);

  // Errors raised by Express middleware before Nest's handlers (e.g. a malformed JSON body).
  const logger = new Logger('Errors');
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const cut = cutStatusOf(req.socket);
    if (cut !== undefined || req.socket.destroyed) {
      // Nobody is left to read an answer: the server cut a request slower than HTTP_REQUEST_TIMEOUT
      // (it has answered 408 itself, lingering-close.ts), or the client went away mid-body. Only the
      // access log line is left to write, with the status the client saw, when the connection
      // closes; no envelope is built (during a slow-body attack, thousands are cut each second).
      res.statusCode = cut ?? 400;
      if (req.socket.destroyed) res.end();
      return;
    }
    const { status, body, headers } = toErrorResponse(error, logger, req);
    if (headers) res.set(headers);
    res.status(status).json(body);
  });
}
