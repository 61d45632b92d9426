/**
 * What the browser specs of automatic fulfilment share (fulfilment.e2e-spec.ts, refunds.e2e-spec.ts):
 * the REAL built server with FULFILMENT_PROVIDER=api-v2 pointed at the API v2 stand-in (which runs
 * in the spec's process), the sandbox payments, the admin's tier mapping, the customer's purchase
 * with the sandbox card in the browser, and reloading a page until the server's jobs show their work.
 * The admin is the development one the server seeds unless ADMIN_EMAIL / ADMIN_PASSWORD are set.
 */
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_KEY_SECRET } from './customers';
import { getJson, useSystem, type SystemHandle } from './harness';
import { startProviderStandIn, type ProviderStandIn } from './provider-stand-in';

export const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@growth.local', password: process.env.ADMIN_PASSWORD || 'admin-dev-password' };
/** The stand-in's 'YouTube Views' service (min 100, max 1,000,000). */
export const SERVICE_ID = '3';
export const QUANTITY = 1000;
/** How long the server may take to place the order and to notice the provider's answer (it syncs every 500 ms). */
export const SERVER_WAIT_MS = 20_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FulfilmentSystem {
  system: SystemHandle;
  /** The running stand-in (fails when its beforeAll did not start it). */
  standIn(): ProviderStandIn;
  /** POST /api<path> with a JSON body (and a Bearer token); fails with the body when not 2xx. */
  post(path: string, body: unknown, token?: string): Promise<any>;
}

/**
 * The server's environment for automatic fulfilment with the stand-in (key `providerKey`): sandbox
 * payments, outbox mail, no Google, a sync pass every 500 ms, and `extra` on top. PROVIDER_URL is
 * the stand-in's, known once it runs.
 */
export function fulfilmentEnv(providerKey: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    PAYMENTS_PROVIDER: 'sandbox',
    RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET,
    FULFILMENT_PROVIDER: 'api-v2',
    SANDBOX_FULFILMENT: 'loopback', // sandbox payments with the stand-in on 127.0.0.1 only
    PROVIDER_KEY: providerKey,
    FULFILMENT_SYNC_EVERY_MS: '500',
    ...extra,
  };
}

/**
 * Starts, for the spec file, the stand-in (key `providerKey`) and then the server pointed at it
 * (sandbox payments, outbox mail, a sync pass every 500 ms, and `env` on top), with Chromium.
 * Call it at the top of the describe: its beforeAll must run before the server's.
 */
export function useFulfilmentSystem(options: { providerKey: string; env?: Record<string, string> }): FulfilmentSystem {
  let standIn: ProviderStandIn | undefined;
  const env = fulfilmentEnv(options.providerKey, options.env);
  // Before useSystem's beforeAll: the server is started with the stand-in's URL (env is read then).
  beforeAll(async () => {
    standIn = await startProviderStandIn({ key: options.providerKey });
    env.PROVIDER_URL = standIn.url;
  });
  const system = useSystem({ browser: true, env });
  afterAll(async () => {
    await standIn?.close();
  });

  return {
    system,
    standIn() {
      if (!standIn) throw new Error('the provider stand-in did not start (see the beforeAll error above)');
      return standIn;
    },
    post(path: string, body: unknown, token?: string) {
      return getJson(system.url(`/api${path}`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    },
  };
}

/**
 * The admin logs in and delivers YouTube's `tierName` tier with the stand-in's YouTube Views,
 * QUANTITY a purchase. Returns the answers, for the spec to check.
 */
export async function mapYouTubeTier(shop: FulfilmentSystem, tierName: string): Promise<{ login: any; tier: any; mapped: any }> {
  const login = await shop.post('/admin/login', ADMIN);
  const plan = await shop.post('/plan/getByName', { name: 'YouTube' });
  const tier = plan.pricing.find((candidate: { name: string }) => candidate.name === tierName);
  if (!tier) throw new Error(`YouTube has no tier ${tierName}: ${JSON.stringify(plan.pricing.map((candidate: { name: string }) => candidate.name))}`);
  const mapped = await shop.post('/admin/fulfilment/mapping', { pricingId: tier.pricingId, serviceId: SERVICE_ID, quantity: QUANTITY }, login.token);
  return { login, tier, mapped };
}

/**
 * The signed-in customer buys YouTube's `tierName` for `link` in the browser, paying with the
 * sandbox card that succeeds. Returns the "Verified successfully" dialog, once shown.
 */
export async function buyWithSandboxCard(page: Page, system: SystemHandle, tierName: string, link: string): Promise<Locator> {
  await page.goto(system.url('/services/youtube'));
  const tier = page.getByTestId('pricing-tier').filter({ has: page.getByRole('heading', { level: 3, name: tierName, exact: true }) });
  await tier.getByRole('button', { name: `Buy Now: ${tierName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your profile link' });
  await dialog.getByLabel('Profile link').fill(link);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('dialog', { name: 'Pay with a test card' }).getByRole('button', { name: 'Visa •••• 1111 — payment succeeds' }).click();
  const verified = page.getByRole('alertdialog', { name: 'Verified successfully' });
  await verified.waitFor();
  return verified;
}

/**
 * Loads `url` again and again (as a customer pressing reload would) until `locator` shows, for at
 * most `timeoutMs`; fails with the page's text when it never does.
 */
export async function reloadUntil(page: Page, url: string, locator: Locator, timeoutMs = SERVER_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The list has answered once its loading state is gone.
    await page.locator('section[aria-busy="false"]').waitFor();
    if (await locator.isVisible()) return;
    if (Date.now() > deadline) {
      throw new Error(`Not shown within ${timeoutMs} ms on ${url}; the page says:\n${(await page.locator('main').innerText()).slice(0, 1000)}`);
    }
    await sleep(500);
  }
}
