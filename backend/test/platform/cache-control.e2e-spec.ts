import request from 'supertest';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { routesOf } from '../support/routes';

/**
 * Cache-Control (security review, HTTP): an answer that depends on who asks must never be kept by a
 * browser or a shared cache: `Cache-Control: no-store`. That is every API answer (the default, set
 * before any route, guard or body parser runs, so error answers have it too), except the public
 * catalogue answers whose bytes are the same for everyone: they keep `no-cache` and their ETag (a
 * revisit costs a 304), with or without an Authorization header, from the full stack and from the
 * fast lane.
 * EVERY route is read from Nest's router and called as a visitor, a customer and an admin, so a new
 * route is covered without being listed here.
 * Real: the whole app over HTTP and its database. Fake: nothing.
 */

/** The public answers that are the same for everyone (served through sendCachedJson). */
const CACHEABLE = new Set(['GET /api/services/getAll', 'GET /api/plans/:name', 'POST /api/plan/getByName', 'GET /api/documents/:slug', 'GET /api/country/getall']);
const PARAMS: Record<string, string> = { name: 'youtube', slug: 'faqs' };
const BODIES: Record<string, object> = { 'POST /api/plan/getByName': { name: 'youtube' } };

type Who = 'visitor' | 'customer' | 'admin';

describe('Cache-Control: no-store on every answer that depends on who asks', () => {
  let t: TestApp;
  let customer: CustomerSession;
  let admin: { adminId: string; token: string };
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    const limits = ['OTP_PER_IP', 'OTP_PER_ADDRESS', 'SIGN_IN_PER_IP', 'CONTACT_PER_IP'];
    t = await createTestApp({ env: Object.fromEntries(limits.map((name) => [`RATE_LIMIT_${name}`, '100000'])) });
    customer = await signUpCustomer(t, 'cache-control');
    admin = await adminToken(t);
  });

  afterAll(() => t?.close());

  it('answers every route, as a visitor, a customer and an admin, with no-store, except the public catalogue answers', async () => {
    const tokens: Record<Who, string | null> = { visitor: null, customer: customer.token, admin: admin.token };
    const wrong: string[] = [];
    const seen = { noStore: 0, cacheable: 0, statuses: new Set<number>() };
    // Logging out ends the caller's session: those go last.
    const routes = routesOf(t).sort((x, y) => Number(/logout/.test(x)) - Number(/logout/.test(y)));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x');
      const bodies: string[] = [];
      for (const who of Object.keys(tokens) as Who[]) {
        let req = method === 'GET' ? http().get(path) : http().post(path);
        if (tokens[who]) req = req.set('Authorization', `Bearer ${tokens[who]}`);
        const res = method === 'GET' ? await req : await req.send(BODIES[route] ?? { userId: customer.userId, adminId: admin.adminId });
        const cacheControl = res.headers['cache-control'];
        seen.statuses.add(res.status);
        if (CACHEABLE.has(route) && res.status === 200) {
          seen.cacheable++;
          bodies.push(res.text);
          if (cacheControl !== 'no-cache' || !res.headers.etag) wrong.push(`${route} as ${who}: ${res.status} Cache-Control ${cacheControl}, ETag ${res.headers.etag}`);
        } else {
          seen.noStore++;
          if (cacheControl !== 'no-store') wrong.push(`${route} as ${who}: ${res.status} Cache-Control ${cacheControl ?? '(none)'}`);
        }
      }
      // A cacheable answer must not depend on who asks: the same bytes for all three.
      if (new Set(bodies).size > 1) wrong.push(`${route}: a cached answer differs by caller`);
    }
    expect(wrong).toEqual([]);
    // The run covered successes, refusals and errors alike.
    expect(seen.cacheable).toBe(CACHEABLE.size * 3);
    expect([...seen.statuses]).toEqual(expect.arrayContaining([200, 400, 401, 403]));
  });

  it('keeps the catalogue cacheable for a signed-in caller, from the full stack, the fast lane and as a 304', async () => {
    const bearer = `Bearer ${customer.token}`;
    for (const path of ['/api/plans/youtube', '/api/services/getAll?page=1&limit=5']) {
      // The first call fills the cache through the full stack; the next ones are fast-lane hits.
      for (let i = 0; i < 3; i++) {
        const res = await http().get(path).set('Authorization', bearer).expect(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.etag).toMatch(/^"/);
        const revisit = await http().get(path).set('Authorization', bearer).set('If-None-Match', res.headers.etag).expect(304);
        expect(revisit.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it('says no-store on answers that carry a session token (sign-in) and on refusals of a signed-in call', async () => {
    const login = await http().post('/api/user/login').send({ email: customer.email, password: 'correct horse battery' }).expect(200);
    expect(login.body.token).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
    const adminLogin = await http().post('/api/admin/login').send({ email: t.config.admin.email, password: t.config.admin.password });
    expect(adminLogin.body.token).toBeTruthy();
    expect(adminLogin.headers['cache-control']).toBe('no-store');

    const bearer = `Bearer ${customer.token}`;
    // Refused before any route ran: a malformed body, an unknown path, a bad token.
    const malformed = await http().post('/api/user/getById').set('Authorization', bearer).set('Content-Type', 'application/json').send('{"userId": ').expect(400);
    expect(malformed.headers['cache-control']).toBe('no-store');
    const unknown = await http().get('/api/no-such-route').set('Authorization', bearer).expect(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const badToken = await http().post('/api/subscription/user').set('Authorization', 'Bearer not-a-token').send({}).expect(401);
    expect(badToken.headers['cache-control']).toBe('no-store');
  });

  it('leaves the frontends to their own caching (pages revalidate, hashed files are immutable)', async () => {
    const page = await http().get('/services');
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});
