import request from 'supertest';
import { DataSource } from 'typeorm';
import { type AdminSession, appWithAdminAndCustomer } from '../support/admin-session';
import type { TestApp } from '../support/app';
import type { CustomerSession } from '../support/customer-session';

/**
 * POST /documents/save over HTTP, and what the public GET /api/documents/:slug shows after it.
 * Real: the whole app (guard, pipes, filters, envelope, the documents' response cache, change
 * events, audit log), its database (PGlite, or PostgreSQL with DATABASE_URL), migrations and the
 * documents seed. Fake: nothing.
 */
describe('Admin: documents', () => {
  let t: TestApp, admin: AdminSession, customer: CustomerSession;

  beforeAll(async () => {
    ({ t, admin, customer } = await appWithAdminAndCustomer('documents-admin'));
  });

  afterAll(() => t?.close());

  const get = (slug: string) => request(t.app.getHttpServer()).get(`/api/documents/${slug}`);
  const save = (body: object, token: string | null = admin.token) => {
    const req = request(t.app.getHttpServer()).post('/api/documents/save');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body);
  };

  const SHIPPING = {
    slug: 'shipping-delivery',
    title: 'Shipping & Delivery',
    content: {
      lastUpdated: '2026-01-10',
      sections: [
        { heading: 'When delivery starts', paragraphs: ['  Within 12 hours of payment.  ', ''] },
        { heading: 'What we need', paragraphs: [], items: ['A public profile link', ' '] },
        { heading: 'Questions', paragraphs: [], faqs: [{ question: 'Is it safe?', answer: 'Yes: we never ask for a password.' }] },
      ],
    },
  };

  it('saves a document; the public page shows the edit at once, with a new ETag', async () => {
    const before = await get('shipping-delivery').expect(200); // now cached
    const res = await save(SHIPPING).expect(200);
    const document = {
      slug: 'shipping-delivery',
      title: 'Shipping & Delivery',
      lastUpdated: '2026-01-10',
      sections: [
        { id: 'when-delivery-starts', heading: 'When delivery starts', paragraphs: ['Within 12 hours of payment.'] },
        { id: 'what-we-need', heading: 'What we need', paragraphs: [], items: ['A public profile link'] },
        { id: 'questions', heading: 'Questions', paragraphs: [], faqs: [{ question: 'Is it safe?', answer: 'Yes: we never ask for a password.' }] },
      ],
    };
    expect(res.body).toEqual({ success: true, data: document });
    const after = await get('shipping-delivery').expect(200);
    expect(after.body).toEqual({ success: true, document });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await get('shipping-delivery').set('If-None-Match', before.headers.etag).expect(200);
  });

  it('takes back what GET answered (ids, slug and title inside content are ignored); without a date it is dated today', async () => {
    const { document } = (await get('faqs').expect(200)).body;
    const { lastUpdated: _date, ...content } = document;
    const res = await save({ slug: 'faqs', title: 'Frequently Asked Questions', content }).expect(200);
    expect(res.body.data.sections).toEqual(document.sections);
    expect(res.body.data.lastUpdated).toBe(new Date().toISOString().slice(0, 10));
    expect((await get('faqs').expect(200)).body.document.title).toBe('Frequently Asked Questions');
  });

  it('records the save in the audit log with small before/after snapshots', async () => {
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT actor_id, action, entity, before, after FROM audit_log WHERE entity_id = 'shipping-delivery' ORDER BY created_at LIMIT 1`);
    expect(row).toMatchObject({
      actor_id: admin.adminId,
      action: 'document.save',
      entity: 'document',
      after: { title: 'Shipping & Delivery', lastUpdated: '2026-01-10', sections: ['When delivery starts', 'What we need', 'Questions'] },
    });
    expect(row.before.lastUpdated).toBe('2025-09-02');
  });

  it.each([
    ['an unknown slug', { ...SHIPPING, slug: 'about-us' }, 'slug must be one of faqs, terms-of-use, shipping-delivery, privacy-policy, returns-policy, cookie-policy'],
    ['a blank title', { ...SHIPPING, title: '  ' }, 'title is required'],
    ['no content', { slug: 'faqs', title: 'FAQ' }, 'content is required'],
    ['content as text', { ...SHIPPING, content: 'text' }, 'content must be an object { lastUpdated?, sections }'],
    ['no sections', { ...SHIPPING, content: { sections: [] } }, 'content.sections must hold at least one section'],
    ['a heading that is not text', { ...SHIPPING, content: { sections: [{ heading: 5, paragraphs: [] }] } }, 'content.sections.0.heading must be text'],
    [
      'paragraphs that are not a list',
      { ...SHIPPING, content: { sections: [{ heading: 'H', paragraphs: 'one' }] } },
      'content.sections.0.paragraphs must be a list of texts',
    ],
    ['a section without text', { ...SHIPPING, content: { sections: [{ heading: 'Empty', paragraphs: [' '] }] } }, 'content.sections.0 ("Empty") has no text'],
    [
      'a date that is not one',
      { ...SHIPPING, content: { lastUpdated: 'yesterday', sections: SHIPPING.content.sections } },
      'content.lastUpdated must be a date like 2025-09-02',
    ],
  ])('refuses %s with 400: %s', async (_label, body, message) => {
    expect((await save(body).expect(400)).body).toEqual({ success: false, message, error: expect.any(String) });
  });

  it('a customer gets 403, a visitor 401, and the document stays', async () => {
    const before = (await get('cookie-policy').expect(200)).body;
    expect((await save({ ...SHIPPING, slug: 'cookie-policy' }, customer.token).expect(403)).body).toMatchObject({ success: false, error: 'forbidden' });
    expect((await save({ ...SHIPPING, slug: 'cookie-policy' }, null).expect(401)).body).toMatchObject({ success: false });
    expect((await get('cookie-policy').expect(200)).body).toEqual(before);
  });
});
