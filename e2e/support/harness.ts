/**
 * Jest wiring around system.js: one real server (and, for browser specs, one Chromium) per spec
 * file, started in beforeAll and stopped in afterAll.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { artifactsDir, createStore, findChrome, launchBrowser, startServer, type RunningServer, type Store } from './system';

export { artifactsDir };

/** `describe` when a browser exists, otherwise `describe.skip` (global-setup fails instead in CI). */
export const describeInBrowser: jest.Describe = findChrome().path ? describe : describe.skip;

export interface SystemHandle {
  readonly server: RunningServer;
  readonly store: Store;
  readonly browser: Browser;
  url(p: string): string;
}

/** Starts a fresh server (own DATA_DIR / database, a copy of the run's seeded template) for the spec file; optionally a browser too. */
export function useSystem(options: { browser?: boolean; env?: Record<string, string> } = {}): SystemHandle {
  let store: Store | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    store = await createStore({ label: path.basename(expect.getState().testPath ?? 'e2e').split('.')[0], seeded: true });
    server = await startServer({ store, env: options.env });
    if (options.browser) browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await store?.dispose();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running (see the beforeAll error above)`);
    return value;
  };
  return {
    get server() {
      return need(server, 'The server');
    },
    get store() {
      return need(store, 'The store');
    },
    get browser() {
      return need(browser, 'The browser');
    },
    url: (p: string) => need(server, 'The server').url(p),
  };
}

/** Every request the pages of a context make (documents, manifests, chunks, API calls). */
export function recordRequests(context: BrowserContext): Request[] {
  const requests: Request[] = [];
  context.on('request', (request) => requests.push(request));
  return requests;
}

/** Collects uncaught page errors and console errors, to show when an assertion fails. */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  return problems;
}

/** Saves a screenshot in e2e/artifacts: the whole page, or with `fullPage: false` only the viewport. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, name);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** The page's path and query, e.g. '/login?next=%2Fprofile'. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/**
 * How far the page can be scrolled sideways (0 when nothing overflows): it scrolls the window as
 * far right as it goes (and back), and also measures the document's overflow.
 */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    window.scrollTo(10_000, window.scrollY);
    const x = window.scrollX;
    window.scrollTo(0, window.scrollY);
    return Math.max(x, document.documentElement.scrollWidth - document.documentElement.clientWidth);
  });
}

/** What a login leaves in local storage (docs/product.md#roles). */
export interface Session {
  token: string;
  userId: string;
  email: string;
}

/**
 * Signs every page of the context in as `session`: an init script puts token, userId and email in
 * local storage before any page script runs, on every document. Only while no token is stored:
 * a logout or another login inside the context is not undone by the next navigation.
 */
export async function signInContext(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript(
    ([token, userId, email]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('userId', userId);
        localStorage.setItem('email', email);
      }
    },
    [session.token, session.userId, session.email],
  );
}

export interface PageOptions {
  /** Lets the test inject scripts (axe) although the shop's CSP forbids inline ones (this context only). */
  bypassCSP?: boolean;
  /** Signed in as this customer (see signInContext); a visitor without it. */
  session?: Session;
  /** On failure, a full-page screenshot of this name in e2e/artifacts. */
  screenshotOnFailure?: string;
}

/**
 * Runs `fn` with a page in a fresh browser context and closes the context afterwards. When `fn`
 * fails, the page's errors (see recordProblems) are printed, and the screenshot taken if asked.
 */
export async function withPage<T>(
  system: SystemHandle,
  viewport: { width: number; height: number },
  options: PageOptions,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await system.browser.newContext({ viewport, bypassCSP: options.bypassCSP });
  if (options.session) await signInContext(context, options.session);
  const page = await context.newPage();
  const problems = recordProblems(page);
  try {
    return await fn(page, context);
  } catch (error) {
    if (problems.length) console.log(`Browser problems:\n${problems.join('\n')}`);
    if (options.screenshotOnFailure) await screenshot(page, options.screenshotOnFailure).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** Fetches JSON from the running server and fails with the body when the status is not 2xx. */
export async function getJson(url: string, init?: RequestInit): Promise<any> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → HTTP ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}
