import request from 'supertest';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { routesOf } from '../support/routes';
import { planOf } from '../billing/support';
import { buy } from '../fulfilment/support';

/**
 * The role matrix (docs/product.md#roles): EVERY route of the API, read from Nest's own router, called
 * as a visitor, customer A, customer B and an admin. Each body names customer A (`userId`) and the
 * admin (`adminId`), so "someone else's data" is exercised by B on every route that takes a userId.
 * The guard runs before the body's validation, so a 400 (or any other status) means "let through",
 * and 401/403 mean "kept out"; routes that check ownership after validating the body get a valid
 * body (BODIES). A route missing from POLICY fails the
 * run: a new route cannot be forgotten. The run prints the matrix.
 * Real: the whole app and its database. Fake: nothing.
 */
type Policy =
  | 'public' // everyone
  | 'customer' // any signed-in customer; admin tokens refused
  | 'customer-own' // the customer named by userId only
  | 'own-or-admin' // the customer named by userId, or an admin
  | 'signed-in' // any customer or an admin (the record's owner is checked after the guard)
  | 'admin'; // admins only

const POLICY: Record<string, Policy> = {
  'GET /api/health': 'public',
  'GET /api/runtime-config': 'public',
  'GET /api/country/getall': 'public',
  'GET /api/services/getAll': 'public',
  'GET /api/services/address/:slug': 'public',
  'GET /api/plans/:name': 'public',
  'POST /api/plan/getByName': 'public',
  'GET /api/documents/:slug': 'public',
  'POST /api/contact/contact': 'public',
  'POST /api/user/request-otp': 'public',
  'POST /api/user/verify-otp': 'public',
  'POST /api/user/register': 'public',
  'POST /api/user/login': 'public',
  'POST /api/user/google': 'public',
  'POST /api/user/forgot-password': 'public',
  'POST /api/user/reset-password': 'public',
  'POST /api/user/getById': 'own-or-admin',
  'POST /api/user/update': 'own-or-admin',
  'POST /api/user/logout-all': 'customer',
  'POST /api/user/logout': 'customer',
  'POST /api/user/getAll': 'admin',
  'POST /api/payment/order': 'customer-own',
  'POST /api/payment/verify': 'customer',
  'POST /api/payment/sandbox/checkout': 'customer',
  'POST /api/payment/webhook': 'public',
  'POST /api/payment/callback': 'public',
  'POST /api/subscription/activeService': 'own-or-admin',
  'POST /api/subscription/completedService': 'own-or-admin',
  'POST /api/subscription/user': 'own-or-admin',
  // Any customer passes the guard; the order's owner is checked after (another's order: 403, test/billing/refunds.e2e-spec.ts).
  'POST /api/subscription/refund-request': 'customer',
  // Any customer passes the guard; the order's owner is checked after (another's order: 403, test/fulfilment/refill.e2e-spec.ts).
  'POST /api/subscription/refill': 'customer',
  // Any customer or staff passes the guard; another customer's order answers 404 like a missing one (test/billing/receipt.e2e-spec.ts).
  'GET /api/orders/:orderId/receipt': 'signed-in',
  'POST /api/admin/login': 'public',
  'POST /api/admin/forgot-password': 'public',
  'POST /api/admin/reset-password': 'public',
  'POST /api/admin/update-email/request': 'admin',
  'POST /api/admin/update-email/verify': 'admin',
  // The link mailed to the old address: whoever holds it (the body's token is checked after the guard-free route's validation).
  'POST /api/admin/update-email/stop': 'public',
  'POST /api/admin/logout': 'admin',
  'POST /api/admin/update-password': 'admin',
  'POST /api/admin/tasks': 'admin',
  'POST /api/admin/upStatus': 'admin',
  'POST /api/admin/tasks/complete': 'admin',
  'POST /api/admin/orders': 'admin',
  'POST /api/admin/audit': 'admin',
  'POST /api/services/create': 'admin',
  'POST /api/services/update': 'admin',
  'POST /api/services/delete': 'admin',
  'POST /api/services/getById': 'admin',
  'POST /api/services/listForAdmin': 'admin',
  'POST /api/services/deleteContent': 'admin',
  'POST /api/documents/save': 'admin',
  'POST /api/plan/all': 'admin',
  'POST /api/plan/create': 'admin',
  'POST /api/plan/update': 'admin',
  'POST /api/plan/getByPlanId': 'admin',
  'POST /api/plan/deletePricing': 'admin',
  'POST /api/plan/deletePlan': 'admin',
  'GET /api/admin/fulfilment/provider': 'admin',
  'GET /api/admin/fulfilment/services': 'admin',
  'GET /api/admin/fulfilment/mappings': 'admin',
  'POST /api/admin/fulfilment/mapping': 'admin',
  'POST /api/admin/fulfilment/retry': 'admin',
  'POST /api/admin/fulfilment/cancel': 'admin',
  'POST /api/admin/fulfilment/link': 'admin',
  'POST /api/admin/fulfilment/sync': 'admin',
  'POST /api/admin/fulfilment/refill': 'admin',
  'POST /api/admin/refunds': 'admin',
  'POST /api/admin/refund-requests/decide': 'admin',
  'POST /api/admin/refunds/list': 'admin',
  'POST /api/admin/overview': 'admin',
  'GET /api/admin/export/orders.csv': 'admin',
  'GET /api/admin/export/customers.csv': 'admin',
};

function cursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Complete bodies for routes whose ownership check follows the body's validation. */
const BODIES: Record<string, (ids: { userId: string; planId: string; pricingId: string }) => object> = {
  'POST /api/user/update': ({ userId }) => ({ userId, name: 'Matrix A', phone: '+1 555 010 0199' }),
  'POST /api/payment/order': ({ userId, planId, pricingId }) => ({ userId, planId, pricingId, profileLink: 'https://www.youtube.com/@matrix' }),
  // The keyset cursors of the admin lists (docs/operations.md#keyset-paging): a well-formed one, so the admin's call reads a page.
  'POST /api/admin/tasks': () => ({ page: 2, after: cursor({ s: 'createdAt', o: 'desc', k: ['0', '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10'] }) }),
  'POST /api/user/getAll': () => ({ page: 2, before: cursor({ s: 'clients.createdAt', o: 'desc', k: ['0', '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10'] }) }),
};

/** Sample values for path parameters. */
const PARAMS: Record<string, string> = { name: 'youtube', slug: 'faqs' };

type Who = 'visitor' | 'customer A' | 'customer B' | 'admin';
const WHO: Who[] = ['visitor', 'customer A', 'customer B', 'admin'];

function allowed(policy: Policy, who: Who): boolean {
  switch (policy) {
    case 'public':
      return true;
    case 'customer':
      return who === 'customer A' || who === 'customer B';
    case 'customer-own':
      return who === 'customer A';
    case 'own-or-admin':
      return who === 'customer A' || who === 'admin';
    case 'signed-in':
      return who !== 'visitor';
    case 'admin':
      return who === 'admin';
  }
}

describe('Role matrix: every route × visitor, customer A, customer B, admin', () => {
  let t: TestApp;
  let a: CustomerSession;
  let b: CustomerSession;
  let admin: { adminId: string; token: string };
  let plan: { planId: string; pricingId: string };

  beforeAll(async () => {
    const limits = ['OTP_PER_IP', 'OTP_PER_ADDRESS', 'SIGN_IN_PER_IP', 'CONTACT_PER_IP'];
    t = await createTestApp({ env: Object.fromEntries(limits.map((name) => [`RATE_LIMIT_${name}`, '100000'])) });
    [a, b] = [await signUpCustomer(t, 'matrix-a'), await signUpCustomer(t, 'matrix-b')];
    admin = await adminToken(t);
    const youtube = await request(t.app.getHttpServer()).post('/api/plan/getByName').send({ name: 'youtube' }).expect(200);
    plan = { planId: youtube.body.planId, pricingId: youtube.body.pricing[0].pricingId };
  });

  afterAll(() => t?.close());

  it('knows every route Nest serves, and no route it does not serve', () => {
    expect(routesOf(t)).toEqual(Object.keys(POLICY).sort());
  });

  it('lets each caller through exactly where its role allows', async () => {
    const tokens: Record<Who, string | null> = { visitor: null, 'customer A': a.token, 'customer B': b.token, admin: admin.token };
    const rows: string[] = [];
    const wrong: string[] = [];
    // The logout routes end the caller's session(s): they go last, each with fresh sessions.
    const endsSessions = (route: string) => /\/logout(-all)?$/.test(route);
    const routes = routesOf(t).sort((x, y) => Number(endsSessions(x)) - Number(endsSessions(y)));
    for (const route of routes) {
      if (endsSessions(route)) {
        const logIn = async (who: CustomerSession) =>
          (await request(t.app.getHttpServer()).post('/api/user/login').send({ email: who.email, password: 'correct horse battery' }).expect(200)).body.token as string;
        Object.assign(tokens, { 'customer A': await logIn(a), 'customer B': await logIn(b), admin: (await adminToken(t)).token });
      }
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x');
      const cells: string[] = [];
      for (const who of WHO) {
        let req = method === 'GET' ? request(t.app.getHttpServer()).get(path) : request(t.app.getHttpServer()).post(path);
        const token = tokens[who];
        if (token) req = req.set('Authorization', `Bearer ${token}`);
        const body = BODIES[route]?.({ userId: a.userId, ...plan }) ?? { userId: a.userId, adminId: admin.adminId };
        const res = method === 'GET' ? await req : await req.send(body);
        const through = res.status !== 401 && res.status !== 403;
        cells.push(`${who}: ${res.status}`);
        if (res.status >= 500) wrong.push(`${route} as ${who}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        if (through !== allowed(POLICY[route], who)) {
          wrong.push(`${route} (${POLICY[route]}) as ${who}: ${res.status}, expected ${allowed(POLICY[route], who) ? 'through' : '401/403'}`);
        }
      }
      rows.push(`${route.padEnd(44)} ${POLICY[route].padEnd(13)} ${cells.join('  ')}`);
    }
    console.log(`Role matrix (status per caller):\n${rows.join('\n')}`);
    expect(wrong).toEqual([]);
  });

  // A route two roles pass answers each its own body (docs/refill.md, "Bodies"): a client's services
  // to staff carry what the task card carries; the customer's own carry none of it.
  it("answers POST /api/subscription/user with the admin's body to the admin and the customer's body to the customer", async () => {
    // The matrix's logout routes ended the first sessions: sign in again.
    const login = await request(t.app.getHttpServer()).post('/api/user/login').send({ email: a.email, password: 'correct horse battery' }).expect(200);
    const customer = { ...a, token: login.body.token as string };
    const staffToken = (await adminToken(t)).token;
    const youtube = await planOf(t, 'youtube');
    const { subscriptionId } = await buy(t, customer, youtube, youtube.pricing[0].pricingId, 'https://www.youtube.com/@matrix_roles');
    const services = async (token: string) =>
      (await request(t.app.getHttpServer()).post('/api/subscription/user').set('Authorization', `Bearer ${token}`).send({ userId: a.userId }).expect(200)).body
        .subscriptions as Array<Record<string, unknown>>;
    const staff = (await services(staffToken)).find((s) => s.subscriptionId === subscriptionId);
    const own = (await services(customer.token)).find((s) => s.subscriptionId === subscriptionId);
    expect(staff).toMatchObject({ customer: { userId: a.userId, email: a.email }, fulfilment: null, refill: null });
    expect(own).toMatchObject({ subscriptionId, user: a.userId, refill: null });
    for (const staffOnly of ['customer', 'fulfilment']) expect(own).not.toHaveProperty(staffOnly);
    expect(Object.keys(staff as object)).toEqual(expect.arrayContaining(Object.keys(own as object)));
  });
});
