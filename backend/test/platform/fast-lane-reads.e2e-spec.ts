import request from 'supertest';
import { CountryListCache } from '../../src/modules/identity/adapters/http/country.controller';
import { DocumentResponseCache } from '../../src/modules/catalogue/application/document-response.cache';
import { type AdminSession, adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { stableHeaders } from '../support/http';

/**
 * The country list and the documents answered ahead of Express (the fast lane) once cached: the same
 * bytes and headers as the full stack, 304 on a matching ETag, an admin edit in the next answer,
 * everything unusual left to the controller.
 * Real: the whole app over HTTP (middleware, fast lane, controllers, response caches, change
 * events), its database (PGlite, or PostgreSQL with DATABASE_URL), migrations and seeds. Fake: nothing.
 */
describe('Fast lane: countries and documents', () => {
  let t: TestApp;
  let admin: AdminSession;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });

  afterAll(() => t?.close());

  it.each([
    ['the country list', '/api/country/getall', () => t.app.get(CountryListCache)],
    ['a document', '/api/documents/terms-of-use', () => t.app.get(DocumentResponseCache)],
  ])('answers repeats of %s from the cache with the full stack’s bytes and headers', async (_label, path, cacheOf) => {
    // Only the controller loads through the cache (getOrLoad); the fast lane peeks.
    const loads = jest.spyOn(cacheOf(), 'getOrLoad');
    const first = await http().get(path).expect(200);
    const second = await http().get(path).expect(200);
    const third = await http().get(path).set('X-Request-Id', 'trace-42').expect(200);
    expect(loads).toHaveBeenCalledTimes(1);
    loads.mockRestore();
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(third.headers['x-request-id']).toBe('trace-42');
    const revisit = await http().get(path).set('If-None-Match', first.headers.etag).expect(304);
    expect(revisit.text).toBe('');
    expect(revisit.headers.etag).toBe(first.headers.etag);
    const head = await http().head(path).expect(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('shows a document saved in the admin in the very next answer, with a new ETag', async () => {
    const path = '/api/documents/returns-policy';
    const before = await http().get(path).expect(200);
    await http().get(path).expect(200); // served by the fast lane from here on
    const { document } = before.body;
    const { lastUpdated: _date, slug: _slug, title: _title, ...content } = document;
    content.sections[0].paragraphs = ['Refunds within 7 days of payment, to the card that paid.'];
    await http()
      .post('/api/documents/save')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ slug: 'returns-policy', title: document.title, content: { ...content, lastUpdated: '2026-02-01' } })
      .expect(200);
    const after = await http().get(path).expect(200);
    expect(after.body.document.sections[0].paragraphs).toEqual(['Refunds within 7 days of payment, to the card that paid.']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await http().get(path).set('If-None-Match', before.headers.etag).expect(200);
    expect((await http().get(path).expect(200)).text).toBe(after.text);
  });

  it('answers an unknown or unusual slug from the controller each time, also once documents are cached', async () => {
    await http().get('/api/documents/faqs').expect(200);
    await http().get('/api/documents/faqs').expect(200);
    for (let i = 0; i < 2; i++) {
      expect((await http().get('/api/documents/about-us').expect(404)).body).toEqual({ success: false, message: 'Document not found', error: 'document_not_found' });
      await http().get('/api/documents/FAQS').expect(404);
    }
    // Spellings the controller decodes to the same slug get the same answer.
    const escaped = await http().get('/api/documents/fa%71s').expect(200);
    expect(escaped.text).toBe((await http().get('/api/documents/faqs').expect(200)).text);
    await http().get('/api/documents/faqs?x=1').expect(200);
    await http()
      .get('/api/documents/%E0%A4%A')
      .expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
  });

  it('leaves cross-origin requests to CORS in the full stack', async () => {
    await http().get('/api/country/getall').expect(200);
    const res = await http().get('/api/country/getall').set('Origin', 'http://elsewhere.example').expect(200);
    expect(res.headers['vary']).toMatch(/Origin/i);
  });
});
