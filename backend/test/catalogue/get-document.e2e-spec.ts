import request from 'supertest';
import { DocumentResponseCache } from '../../src/modules/catalogue/application/document-response.cache';
import { DocumentRepository } from '../../src/modules/catalogue/application/document.repository.port';
import { createTestApp, type TestApp } from '../support/app';

/**
 * GET /api/documents/:slug over HTTP.
 * Real: the whole app (pipes, filters, envelope), its database (PGlite, or PostgreSQL with
 * DATABASE_URL), migrations and the documents seed. Fake: nothing.
 */
const SLUGS = ['faqs', 'terms-of-use', 'shipping-delivery', 'privacy-policy', 'returns-policy', 'cookie-policy'];

interface Section {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
  faqs?: { question: string; answer: string }[];
}

const textOf = (sections: Section[]) =>
  sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? []), ...(s.faqs ?? []).flatMap((f) => [f.question, f.answer])]).join('\n');

describe('GET /api/documents/:slug', () => {
  let t: TestApp;
  const get = (slug: string) => request(t.app.getHttpServer()).get(`/api/documents/${slug}`);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t?.close());

  it.each(SLUGS)('serves %s in the envelope, last updated 2 September 2025', async (slug) => {
    const res = await get(slug)
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(Object.keys(res.body)).toEqual(['success', 'document']);
    expect(res.body.success).toBe(true);
    const { document } = res.body;
    expect(Object.keys(document)).toEqual(['slug', 'title', 'lastUpdated', 'sections']);
    expect(document.slug).toBe(slug);
    expect(document.lastUpdated).toBe('2025-09-02');
    expect(document.title.length).toBeGreaterThan(3);
    const ids = document.sections.map((s: Section) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of document.sections as Section[]) {
      expect(Object.keys(section).slice(0, 3)).toEqual(['id', 'heading', 'paragraphs']);
      expect(section.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(section.paragraphs.length + (section.items?.length ?? 0) + (section.faqs?.length ?? 0)).toBeGreaterThan(0);
    }
    const text = textOf(document.sections);
    expect(text).not.toMatch(/lorem|ipsum|\[company\]|TODO|TBD|\{\{/i);
  });

  it.each([
    ['terms-of-use', 'Terms of Use', 16],
    ['privacy-policy', 'Privacy Policy', 12],
    ['returns-policy', 'Refund Policy', 10],
  ])('%s has the number of sections of its page', async (slug, title, count) => {
    const { body } = await get(slug).expect(200);
    expect(body.document.title).toBe(title);
    expect(body.document.sections).toHaveLength(count);
    expect(body.document.sections.at(-1).heading).toBe('Contact Us');
  });

  it('gives the FAQ its four groups, each with four to six questions', async () => {
    const { body } = await get('faqs').expect(200);
    const sections = body.document.sections as Section[];
    expect(sections.map((s) => [s.id, s.heading])).toEqual([
      ['general-questions', 'General Questions'],
      ['services-and-pricing', 'Services & Pricing'],
      ['payment-and-refunds', 'Payment & Refunds'],
      ['account-and-security', 'Account & Security'],
    ]);
    for (const group of sections) {
      expect(group.faqs!.length).toBeGreaterThanOrEqual(4);
      expect(group.faqs!.length).toBeLessThanOrEqual(6);
      for (const faq of group.faqs!) expect(Object.keys(faq)).toEqual(['question', 'answer']);
    }
    const text = textOf(sections);
    expect(text).toContain('Spotify');
    expect(text).toContain('30-day money-back guarantee');
  });

  it('states the rules the pages promise: law, courts, ages, refund windows', async () => {
    const terms = textOf((await get('terms-of-use')).body.document.sections);
    expect(terms).toMatch(/governed by the laws of India/);
    expect(terms).toMatch(/courts of Mathura, Uttar Pradesh, have exclusive jurisdiction/);
    expect(terms).toMatch(/at least 18 years old/);
    expect(terms).toMatch(/parent or legal guardian/);

    const privacy = textOf((await get('privacy-policy')).body.document.sections);
    expect(privacy).toMatch(/not intended for children under 13/);
    expect(privacy).toMatch(/Razorpay/);

    const refund = textOf((await get('returns-policy')).body.document.sections);
    expect(refund).toMatch(/within 10 days of (the date of )?purchase/i);
    expect(refund).toMatch(/7-10 business days/);
    expect(refund).toMatch(/Orders older than 30 days are not refundable/);
    expect(refund).toMatch(/30-day money-back guarantee/);
  });

  it('answers an unknown slug with 404 Document not found, every time', async () => {
    for (const slug of ['nope', 'terms', 'FAQS-x', '..%2Fetc', 'a'.repeat(200)]) {
      const res = await get(slug).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Document not found', error: 'document_not_found' });
    }
    expect(t.app.get(DocumentResponseCache).peek('nope')).toBeUndefined();
  });

  it('serves identical bytes from the cache, with an ETag and 304 on revalidation', async () => {
    const first = await get('privacy-policy').expect(200);
    const second = await get('privacy-policy').expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(t.app.get(DocumentResponseCache).peek('privacy-policy')?.body.toString()).toBe(first.text);
    await get('privacy-policy').set('If-None-Match', first.headers.etag).expect(304);
  });

  it('shows a saved change once the cache is invalidated', async () => {
    const before = (await get('cookie-policy').expect(200)).body.document;
    await t.app.get(DocumentRepository).upsert({ ...before, title: 'Cookie Policy (revised)' });
    t.app.get(DocumentResponseCache).invalidate();
    const after = await get('cookie-policy').expect(200);
    expect(after.body.document.title).toBe('Cookie Policy (revised)');
    expect(after.body.document.sections).toEqual(before.sections);
  });
});
