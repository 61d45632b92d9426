/**
 * Jest wiring around system.js: one real server (and, for browser specs, one Chromium) per spec
 * file, started in beforeAll and stopped in afterAll.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import {
  artifactsDir,
  createStore,
  findChrome,
  launchBrowser,
  startServer,
  type RunningServer,
  type Store,
} from './system';

export { artifactsDir };

/** `describe` when a browser exists, otherwise `describe.skip` (global-setup fails instead in CI). */
export const describeInBrowser: jest.Describe = findChrome().path ? describe : describe.skip;

export interface SystemHandle {
  readonly server: RunningServer;
  readonly store: Store;
  readonly browser: Browser;
  url(p: string): string;
}

/** Starts a fresh server (own DATA_DIR / database) for the spec file; optionally a browser too. */
export function useSystem(options: { browser?: boolean; env?: Record<string, string> } = {}): SystemHandle {
  let store: Store | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    store = await createStore({ label: path.basename(expect.getState().testPath ?? 'e2e').split('.')[0] });
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
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  );
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, name);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fetches JSON from the running server and fails with the body when the status is not 2xx. */
export async function getJson(url: string, init?: RequestInit): Promise<any> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → HTTP ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}
