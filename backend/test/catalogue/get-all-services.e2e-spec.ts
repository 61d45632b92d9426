import request from 'supertest';
import { DataSource } from 'typeorm';
import { ServiceListCache } from '../../src/modules/catalogue/application/service-list.cache';
import { PricingAddresses } from '../../src/modules/catalogue/application/pricing-addresses';
import { ServiceOrmEntity } from '../../src/modules/catalogue/adapters/persistence/service.orm-entity';
import { ServiceContentOrmEntity } from '../../src/modules/catalogue/adapters/persistence/service-content.orm-entity';
import { createTestApp, type TestApp } from '../support/app';
import { stableHeaders } from '../support/http';

/**
 * GET /api/services/getAll over HTTP.
 * Real: the whole app (pipes, filters, middleware, the catalogue fast path), its database (PGlite,
 * or PostgreSQL with DATABASE_URL), migrations and seeds. Fake: nothing.
 */
const PLATFORMS = ['YouTube', 'Instagram', 'X', 'Threads', 'Telegram', 'LinkedIn', 'TikTok', 'Facebook'];

describe('GET /api/services/getAll', () => {
  let t: TestApp;
  const get = (query: string) => request(t.app.getHttpServer()).get(`/api/services/getAll${query}`);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t?.close());

  describe('on the seeded catalogue', () => {
    it('lists the eight platforms in order, ten per page by default, in the envelope', async () => {
      const res = await get('')
        .expect(200)
        .expect('Content-Type', /application\/json/);
      expect(Object.keys(res.body)).toEqual(['success', 'data', 'meta']);
      expect(res.body.success).toBe(true);
      expect(res.body.meta).toEqual({ total: 8, page: 1, perPage: 10, lastPage: 1 });
      expect(res.body.data.map((s: { serviceHeading: string }) => s.serviceHeading)).toEqual(PLATFORMS);
    });

    it('shows each service with exactly the public fields, content items included', async () => {
      const res = await get('?page=1&limit=100').expect(200);
      for (const service of res.body.data) {
        expect(Object.keys(service)).toEqual(['serviceId', 'serviceHeading', 'serviceDescription', 'logo', 'serviceContent', 'fromPrice']);
        // The lowest tier price of the plan that sells it, for "from $X" on the cards.
        expect(service.fromPrice).toEqual({ price: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' });
        expect(service.serviceId).toMatch(/^[0-9a-f-]{36}$/);
        expect(service.serviceDescription.length).toBeGreaterThan(40);
        expect(Buffer.from(service.logo, 'base64').subarray(1, 4).toString()).toBe('PNG');
        expect(service.serviceContent).toHaveLength(4);
        for (const item of service.serviceContent) expect(Object.keys(item)).toEqual(['contentId', 'key', 'value']);
      }
      expect(res.body.data[0].serviceContent[0]).toMatchObject({ key: 'Subscribers', value: 'Real, active subscribers from your niche' });
      // YouTube's cheapest seeded tier is Starter at $19.99.
      expect(res.body.data[0].fromPrice).toEqual({ price: '19.99', currency: 'USD' });
    });

    it('pages as the home page asks (page 1, limit 4) and continues on page 2', async () => {
      const first = await get('?page=1&limit=4').expect(200);
      expect(first.body.data.map((s: { serviceHeading: string }) => s.serviceHeading)).toEqual(PLATFORMS.slice(0, 4));
      expect(first.body.meta).toEqual({ total: 8, page: 1, perPage: 4, lastPage: 2 });
      const second = await get('?page=2&limit=4').expect(200);
      expect(second.body.data.map((s: { serviceHeading: string }) => s.serviceHeading)).toEqual(PLATFORMS.slice(4));
      const beyond = await get('?page=3&limit=4').expect(200);
      expect(beyond.body).toEqual({ success: true, data: [], meta: { total: 8, page: 3, perPage: 4, lastPage: 2 } });
    });

    it('narrows by search, case-insensitively, on heading or description, trimmed', async () => {
      const heading = await get('?search=TIKTOK').expect(200);
      expect(heading.body.data.map((s: { serviceHeading: string }) => s.serviceHeading)).toEqual(['TikTok']);
      expect(heading.body.meta.total).toBe(1);
      const padded = await get(`?search=${encodeURIComponent('  instagram ')}`).expect(200);
      expect(padded.body.data.map((s: { serviceHeading: string }) => s.serviceHeading)).toEqual(['Instagram']);
      const description = await get('?search=Professional').expect(200);
      expect(description.body.data.map((s: { serviceHeading: string }) => s.serviceHeading)).toEqual(['LinkedIn']);
      const none = await get('?search=spotify').expect(200);
      expect(none.body).toEqual({ success: true, data: [], meta: { total: 0, page: 1, perPage: 10, lastPage: 1 } });
    });

    it.each([
      ['page=abc', 'page must be a positive integer'],
      ['page=-1', 'page must be a positive integer'],
      ['page=0', 'page must be a positive integer'],
      ['page=1.5', 'page must be a positive integer'],
      ['page=', 'page must be a positive integer'],
      ['page=1&page=2', 'page must be a positive integer'],
      ['page=99999999999999999999', 'page must be a positive integer'],
      ['limit=abc', 'limit must be a positive integer'],
      ['limit=-1', 'limit must be a positive integer'],
      ['limit=0', 'limit must be a positive integer'],
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ])('refuses %s with 400 naming the field, also once the list is cached', async (query, message) => {
      await get('?page=1&limit=10').expect(200); // warm the cache and the fast path
      const res = await get(`?${query}`).expect(400);
      expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    });

    it('answers a repeated request from the cache with the same bytes and the same headers', async () => {
      const first = await get('?page=1&limit=3&search=e').expect(200);
      const second = await get('?page=1&limit=3&search=e').expect(200);
      expect(second.text).toBe(first.text);
      expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
      expect(second.headers['x-content-type-options']).toBe('nosniff'); // security headers kept
      expect(second.headers['content-length']).toBe(String(Buffer.byteLength(second.text)));
      expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
      // The miss went through Express, the hit through the fast lane ahead of it: each has its own id.
      expect(first.headers['x-request-id']).toMatch(/.{8,}/);
      expect(second.headers['x-request-id']).toMatch(/.{8,}/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    });

    it('answers 304 Not Modified to a client that holds the current ETag', async () => {
      const res = await get('?page=1&limit=8').expect(200);
      const again = await get('?page=1&limit=8').set('If-None-Match', res.headers.etag).expect(304);
      expect(again.text).toBe('');
      await get('?page=1&limit=8').set('If-None-Match', '"something-else"').expect(200);
    });

    it('still answers cross-origin requests through the full stack (CORS)', async () => {
      await get('?page=1&limit=10').expect(200);
      const res = await get('?page=1&limit=10').set('Origin', 'http://elsewhere.example').expect(200);
      expect(res.body.meta.total).toBe(8);
    });
  });

  describe('with more than 100 services', () => {
    beforeAll(async () => {
      // Written straight to the tables (then the caches invalidated as a write use case's change
      // event does): 120 services, each with a plan on sale at its address, so each is listed
      // (docs/catalogue.md, "Listing rule").
      const dataSource = t.app.get(DataSource);
      const base = Date.now() + 60_000;
      const { identifiers } = await dataSource.getRepository(ServiceOrmEntity).insert(
        Array.from({ length: 120 }, (_, i) => ({
          heading: `Growth Service ${String(i + 1).padStart(3, '0')}`,
          slug: `growth-service-${String(i + 1).padStart(3, '0')}`,
          description: 'More reach for your profile',
          logo: null,
          createdAt: new Date(base + i),
          updatedAt: new Date(base + i),
        })),
      );
      await dataSource
        .getRepository(ServiceContentOrmEntity)
        .insert(identifiers.flatMap(({ serviceId }) => [0, 1, 2, 3].map((position) => ({ serviceId, key: `Key ${position}`, value: 'Value', position }))));
      await dataSource.query(`
        WITH plan AS (
          INSERT INTO plans (name, slug, platform)
          SELECT 'Growth Service ' || lpad(g::text, 3, '0'), 'growth-service-' || lpad(g::text, 3, '0'), 'Growth Service ' || lpad(g::text, 3, '0')
          FROM generate_series(1, 120) g
          RETURNING plan_id
        )
        INSERT INTO pricing_tiers (plan_id, name, price) SELECT plan_id, 'Starter', 9.90 FROM plan`);
    });

    it('serves the cached list until the cache is invalidated, then the new one', async () => {
      const stale = await get('?page=1&limit=10').expect(200);
      expect(stale.body.meta.total).toBe(8);
      t.app.get(ServiceListCache).invalidate();
      t.app.get(PricingAddresses).invalidate();
      const fresh = await get('?page=1&limit=10').expect(200);
      expect(fresh.body.meta.total).toBe(128);
    });

    it('caps limit at 100: a larger limit is clamped, and the page really holds 100 services', async () => {
      const res = await get('?page=1&limit=1000').expect(200);
      expect(res.body.meta).toEqual({ total: 128, page: 1, perPage: 100, lastPage: 2 });
      expect(res.body.data).toHaveLength(100);
      for (const service of res.body.data) expect(service.serviceContent).toHaveLength(4);
      const rest = await get('?page=2&limit=100').expect(200);
      expect(rest.body.data).toHaveLength(28);
      expect(rest.body.data[27].serviceHeading).toBe('Growth Service 120');
    });

    it('holds `limit` services on every full page', async () => {
      const pages = await Promise.all([1, 2, 3, 4, 5, 6].map((page) => get(`?page=${page}&limit=25`).expect(200)));
      expect(pages.map((p) => p.body.data.length)).toEqual([25, 25, 25, 25, 25, 3]);
      const ids = pages.flatMap((p) => p.body.data.map((s: { serviceId: string }) => s.serviceId));
      expect(new Set(ids).size).toBe(128);
    });
  });
});
