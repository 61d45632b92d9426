import { mkdirSync, mkdtempSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChangeEvents } from '../../src/platform/events/change-events';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The listing rule, pricing page addresses and their statuses (docs/catalogue.md): a service is in
 * the public catalogue only while a plan on sale (Active, with a tier) answers at its address; the
 * admin's list shows every service and what a hidden one is missing (no plan, a plan not Active, a
 * plan without a tier) with the plan to fix; a renamed service's old address
 * leads to its new one (the API says so, a page load is a 301); an address where nothing is, is a
 * 404 with the shell's page; every page load carries its own <title>.
 * Real: the whole app, its database (PGlite, or PostgreSQL with DATABASE_URL), the change events.
 * Fake: the built frontends (a small index.html and the real page table, as frontends.e2e-spec does).
 */
const PAGE_ROUTES = resolve(__dirname, '../../../frontends/kit/src/routes/page-routes.json');

function shellFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'growth-addresses-'));
  const shell = join(dir, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(
    join(shell, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="shop"><title>shop</title></head><body><div id="root"></div></body></html>',
  );
  copyFileSync(PAGE_ROUTES, join(shell, 'page-routes.json'));
  return dir;
}

describe('catalogue listing rule and pricing page addresses', () => {
  let t: TestApp;
  let admin: string;
  let dir: string;
  const http = () => request(t.app.getHttpServer());
  const asAdmin = (path: string, body: object) => http().post(`/api/${path}`).set('Authorization', `Bearer ${admin}`).send(body);
  const listed = async () =>
    ((await http().get('/api/services/getAll?page=1&limit=100').expect(200)).body.data as Array<{ serviceHeading: string }>).map((s) => s.serviceHeading);
  const adminRow = async (heading: string) =>
    ((await asAdmin('services/listForAdmin', { page: 1, limit: 100 }).expect(200)).body.data as Array<{ serviceHeading: string; slug: string; listing: object }>).find(
      (s) => s.serviceHeading === heading,
    );
  const newService = (heading: string) =>
    asAdmin('services/create', {
      serviceHeading: heading,
      serviceDescription: `${heading} growth`,
      serviceContent: JSON.stringify([{ key: 'Delivery', value: '24-48 hours' }]),
    }).expect(201);
  const newPlan = (platform: string, status = 'Active') =>
    asAdmin('plan/create', {
      name: platform,
      platform,
      status,
      pricing: [{ name: 'Starter', price: '9.90', description: 'First fans.', features: ['1,000 followers'], isPopular: true }],
    }).expect(201);

  beforeAll(async () => {
    dir = shellFixture();
    t = await createTestApp({ env: { FRONTENDS_DIR: dir } });
    admin = (await adminToken(t)).token;
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the eight seeded platforms, each with a plan on sale', async () => {
    expect(await listed()).toEqual(['YouTube', 'Instagram', 'X', 'Threads', 'Telegram', 'LinkedIn', 'TikTok', 'Facebook']);
  });

  it('keeps a service without a plan out of the catalogue, and tells the admin why', async () => {
    const noPlan = {
      listed: false,
      reason: 'no_plan',
      message: 'Not listed: no Active plan with a tier. No plan at /services/myspace yet: create its plan and tiers to sell it.',
      planId: null,
    };
    // The create answer says so too: the admin's form offers to create its plan next.
    expect((await newService('Myspace')).body.data).toMatchObject({ serviceHeading: 'Myspace', slug: 'myspace', listing: noPlan });
    expect(await listed()).not.toContain('Myspace');
    expect(await adminRow('Myspace')).toMatchObject({ slug: 'myspace', listing: noPlan });
    // Its address is no page either: the API and the page load say so.
    expect((await http().get('/api/services/address/myspace').expect(404)).body).toEqual({ success: false, message: 'Page not found', error: 'address_not_found' });
    const page = await http().get('/services/myspace').expect(404);
    expect(page.text).toContain('<title>Page Not Found | SocialGrowth</title>');
  });

  it('lists it at once when a plan on sale answers at its address, and hides it again when the plan stops selling', async () => {
    const plan = (await newPlan('Myspace')).body.plan;
    expect(await listed()).toContain('Myspace');
    expect((await adminRow('Myspace'))?.listing).toEqual({ listed: true, reason: null, message: null, planId: plan.planId });
    expect((await http().get('/api/services/address/myspace').expect(200)).body).toEqual({
      success: true,
      slug: 'myspace',
      moved: false,
      service: { serviceHeading: 'Myspace', logo: null },
    });

    await asAdmin('plan/update', { planId: plan.planId, name: plan.name, status: 'Inactive', pricing: plan.pricing }).expect(200);
    expect(await listed()).not.toContain('Myspace');
    expect((await adminRow('Myspace'))?.listing).toEqual({
      listed: false,
      reason: 'plan_not_active',
      message: 'Not listed: its plan is Inactive, not Active.',
      planId: plan.planId,
    });
    // The plan's page still exists (it says the packages are not on sale).
    await http().get('/services/myspace').expect(200);
  });

  it('says when the plan is Active but has no pricing tier, and names the plan', async () => {
    // The API keeps a plan's last tier; a plan of older data can have none, which the rule reads as not on sale.
    const plan = (await newPlan('Vero')).body.plan;
    expect((await newService('Vero')).body.data.listing).toEqual({ listed: true, reason: null, message: null, planId: plan.planId });
    await t.app.get(DataSource).query('DELETE FROM pricing_tiers WHERE plan_id = $1', [plan.planId]);
    t.app.get(ChangeEvents).publish('plans');
    expect(await listed()).not.toContain('Vero');
    expect((await adminRow('Vero'))?.listing).toEqual({ listed: false, reason: 'no_tier', message: 'Not listed: its plan has no pricing tier.', planId: plan.planId });
  });

  it('moves a renamed service to its new address and keeps the old one leading there', async () => {
    await newPlan('Bluesky');
    const created = (await newService('Blue Sky')).body.data;
    expect(await listed()).not.toContain('Blue Sky');
    await asAdmin('services/update', {
      serviceId: created.serviceId,
      serviceHeading: 'Bluesky',
      serviceDescription: 'Bluesky growth',
      serviceContent: JSON.stringify(created.serviceContent),
    }).expect(200);
    expect(await listed()).toContain('Bluesky');

    expect((await http().get('/api/services/address/blue-sky').expect(200)).body).toEqual({ success: true, slug: 'bluesky', moved: true, service: null });
    // The seeded pages name their service, whose logo the pricing page shows.
    const youtube = (await http().get('/api/services/address/YouTube').expect(200)).body;
    expect(youtube).toMatchObject({ slug: 'youtube', moved: false, service: { serviceHeading: 'YouTube', logo: expect.stringMatching(/^iVBOR/) } });
    const moved = await http().get('/services/Blue-Sky?ref=mail').expect(301);
    expect(moved.headers.location).toBe('/services/bluesky?ref=mail');
    const page = await http().get('/services/bluesky').expect(200);
    expect(page.text).toContain('<title>Bluesky Growth Packages | SocialGrowth</title>');
  });

  it('refuses a heading whose address another service has', async () => {
    const taken = await asAdmin('services/create', {
      serviceHeading: 'YouTube!',
      serviceDescription: 'Same address as YouTube',
      serviceContent: JSON.stringify([{ key: 'Delivery', value: '24-48 hours' }]),
    }).expect(409);
    expect(taken.body).toMatchObject({ success: false, error: 'service_slug_taken' });
  });

  describe('page loads', () => {
    it.each([
      ['/', 200, 'Real Social Media Growth | SocialGrowth'],
      ['/services', 200, 'All Services | SocialGrowth'],
      ['/services/youtube', 200, 'YouTube Growth Packages | SocialGrowth'],
      ['/faq', 200, 'Frequently Asked Questions | SocialGrowth'],
      ['/shipping-delivery', 200, 'Shipping &amp; Delivery Policy | SocialGrowth'],
      ['/cookie-policy', 200, 'Cookie Policy | SocialGrowth'],
      ['/unauthorized', 200, 'shop'],
      ['/services/myspace-two', 404, 'Page Not Found | SocialGrowth'],
      ['/no/such/page', 404, 'Page Not Found | SocialGrowth'],
      ['/cookies', 404, 'Page Not Found | SocialGrowth'],
    ])('%s answers %i with the title %j', async (path, status, title) => {
      const res = await http().get(path).expect(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(`<title>${title}</title>`);
      expect(res.text).toContain('<div id="root"></div>');
    });

    it('puts the page description into index.html', async () => {
      const res = await http().get('/services').expect(200);
      expect(res.text).toContain('<meta name="description" content="Browse growth packages for YouTube');
    });
  });

  it('answers 400 for an address the API cannot take', async () => {
    const res = await http()
      .get(`/api/services/address/${'a'.repeat(101)}`)
      .expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'slug must be at most 100 characters' });
  });
  // Last: it renames a seeded service, which the cases above read as seeded.
  it("keeps a renamed listed service listed: it names its plan by id, and both addresses open that plan's pricing page", async () => {
    const before = await listed();
    const youtube = (
      (await asAdmin('services/listForAdmin', { page: 1, limit: 100, search: 'YouTube' }).expect(200)).body.data as Array<{ serviceId: string; serviceContent: object[] }>
    )[0];
    const saved = await asAdmin('services/update', {
      serviceId: youtube.serviceId,
      serviceHeading: 'YouTube Growth',
      serviceDescription: 'YouTube growth',
      serviceContent: JSON.stringify(youtube.serviceContent),
    }).expect(200);
    expect(saved.body.message).toBe('Service updated');
    const after = await listed();
    expect(after).toHaveLength(before.length);
    expect(after).toContain('YouTube Growth');
    expect((await adminRow('YouTube Growth'))?.listing).toMatchObject({ listed: true, reason: null, message: null, planId: expect.any(String) });

    // The new address is a page that reads the YouTube plan; the old one still is that plan's page.
    const address = (await http().get('/api/services/address/youtube-growth').expect(200)).body;
    expect(address).toMatchObject({ slug: 'youtube-growth', moved: false, planSlug: 'youtube', service: { serviceHeading: 'YouTube Growth' } });
    expect((await http().get(`/api/plans/${address.planSlug}`).expect(200)).body.plan.name).toBe('YouTube');
    expect((await http().get('/services/youtube-growth').expect(200)).text).toContain('<title>YouTube Growth Packages | SocialGrowth</title>');
    expect((await http().get('/services/youtube').expect(200)).text).toContain('<title>YouTube Growth Packages | SocialGrowth</title>');
  });

  it('says so before a save takes a listed service off sale, and saves it when confirmed', async () => {
    const created = (await newService('Mastodon')).body.data;
    const plan = (await newPlan('Mastodon')).body.plan;
    expect(await listed()).toContain('Mastodon');
    const edit = {
      serviceId: created.serviceId,
      serviceHeading: 'Mastodon',
      serviceDescription: 'Mastodon growth',
      serviceContent: JSON.stringify(created.serviceContent),
    };

    expect((await asAdmin('services/update', { ...edit, planId: '00000000-0000-4000-8000-000000000000' }).expect(400)).body).toMatchObject({ error: 'unknown_plan' });
    const draft = (await newPlan('Pixelfed', 'Inactive')).body.plan;
    const refused = (await asAdmin('services/update', { ...edit, planId: draft.planId }).expect(409)).body;
    expect(refused).toMatchObject({ success: false, error: 'service_leaves_catalogue' });
    expect(refused.message).toBe(
      'This save takes the service out of the public catalogue: Not listed: its plan is Inactive, not Active. Send it again with confirmOffSale to save anyway.',
    );
    expect(await listed()).toContain('Mastodon');

    await asAdmin('services/update', { ...edit, planId: draft.planId, confirmOffSale: 'true' }).expect(200);
    expect(await listed()).not.toContain('Mastodon');
    expect((await adminRow('Mastodon'))?.listing).toMatchObject({ listed: false, reason: 'plan_not_active', planId: draft.planId });
    // Naming the plan again lists it again, with no question (it goes on sale).
    await asAdmin('services/update', { ...edit, planId: plan.planId }).expect(200);
    expect(await listed()).toContain('Mastodon');
  });
});
