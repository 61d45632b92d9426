import request from 'supertest';
import { DataSource } from 'typeorm';
import { type AdminSession, appWithAdminAndCustomer } from '../support/admin-session';
import type { TestApp } from '../support/app';
import type { CustomerSession } from '../support/customer-session';

/** A real 1×1 PNG (67 bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The first bytes of a JPEG (JFIF) and of a WebP (RIFF....WEBPVP8 ): the type is judged by these. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(32, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(18, 2)]);
const CONTENT = [
  { key: 'Monthly listeners', value: '1K - 50K' },
  { key: 'Delivery', value: 'Starts within 24-48 hours' },
];

/**
 * The admin's service calls over HTTP: POST /services/create (multipart with a logo), /update,
 * /delete, /getById, /deleteContent, and what the public catalogue shows after each.
 * Real: the whole app (guard, multer, pipes, filters, envelope, the catalogue's fast path and cache,
 * change events, audit log), its database (PGlite, or PostgreSQL with DATABASE_URL; Redis pub/sub
 * for change events with REDIS_URL), migrations and seeds. Fake: nothing.
 */

/** The one tier of the plans made below: the catalogue shows each service "from" it. */
const STARTER_PRICE = { price: '9.90', currency: 'USD' };
describe('Admin: services', () => {
  let t: TestApp, admin: AdminSession, customer: CustomerSession;

  beforeAll(async () => {
    ({ t, admin, customer } = await appWithAdminAndCustomer('services-admin'));
    // The catalogue lists a service only while a plan on sale answers at its address
    // (docs/catalogue.md, "Listing rule"): the services this spec follows into the catalogue get one.
    for (const platform of ['Spotify', 'SoundCloud']) {
      await request(t.app.getHttpServer())
        .post('/api/plan/create')
        .set('Authorization', `Bearer ${admin.token}`)
        .send({
          name: platform,
          platform,
          status: 'Active',
          pricing: [{ name: 'Starter', price: '9.90', description: 'First plays.', features: ['1,000 plays'], isPopular: true }],
        })
        .expect(201);
    }
  });

  afterAll(() => t?.close());

  const server = () => t.app.getHttpServer();
  const post = (path: string, token: string | null = admin.token) => {
    const req = request(server()).post(`/api/services/${path}`);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  /** A multipart form as the admin's add/edit screen sends it. */
  function form(path: string, fields: Record<string, string>, logo?: { bytes: Buffer; filename?: string; contentType?: string }) {
    let req = post(path);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    if (logo) req = req.attach('logo', logo.bytes, { filename: logo.filename ?? 'logo.png', contentType: logo.contentType ?? 'image/png' });
    return req;
  }
  const fields = (heading: string, content: object[] = CONTENT) => ({
    serviceHeading: heading,
    serviceDescription: `${heading}: real growth from real people.`,
    serviceContent: JSON.stringify(content),
  });
  const catalogue = async () => (await request(server()).get('/api/services/getAll?limit=100').expect(200)).body;
  const auditActions = async (entityId: string) =>
    (await t.app.get(DataSource).query('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at, action', [entityId])).map(
      (row: { action: string }) => row.action,
    );

  describe('POST /services/create', () => {
    it('creates a service from a multipart form with a real PNG; the public catalogue shows it at once', async () => {
      const before = await catalogue(); // the list is now cached (and served by the fast lane)
      const res = await form('create', fields('Spotify'), { bytes: PNG }).expect(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Service created',
        data: {
          serviceId: expect.any(String),
          serviceHeading: 'Spotify',
          serviceDescription: 'Spotify: real growth from real people.',
          logo: PNG.toString('base64'),
          serviceContent: CONTENT.map((item) => ({ contentId: expect.any(String), ...item })),
          // Its address and listing, as the dashboard's list has them (docs/catalogue.md, "Listing rule").
          slug: 'spotify',
          listing: { listed: true, reason: null, message: null, planId: expect.any(String) },
        },
      });
      const after = await catalogue();
      expect(after.meta.total).toBe(before.meta.total + 1);
      // The catalogue's entry is the service as saved, with the lowest price of the plan that sells it.
      const { slug: _slug, listing: _listing, ...saved } = res.body.data;
      expect(after.data.find((s: { serviceId: string }) => s.serviceId === res.body.data.serviceId)).toEqual({ ...saved, fromPrice: STARTER_PRICE });
      expect(await auditActions(res.body.data.serviceId)).toEqual(['service.create']);
    });

    it('judges the logo by its bytes: a JPEG is stored as base64, a WebP as a data URL, whatever the declared type', async () => {
      const jpeg = await form('create', fields('Jpeg Logo'), { bytes: JPEG, filename: 'logo.png', contentType: 'image/png' }).expect(201);
      expect(jpeg.body.data.logo).toBe(JPEG.toString('base64'));
      expect(jpeg.body.data.logo.startsWith('/9j/')).toBe(true);
      const webp = await form('create', fields('Webp Logo'), { bytes: WEBP, filename: 'logo.bin', contentType: 'application/octet-stream' }).expect(201);
      expect(webp.body.data.logo).toBe(`data:image/webp;base64,${WEBP.toString('base64')}`);
    });

    it('creates a service without a logo, also from a JSON body', async () => {
      const res = await post('create')
        .send({ ...fields('No Logo'), serviceContent: CONTENT })
        .expect(201);
      expect(res.body.data).toMatchObject({ serviceHeading: 'No Logo', logo: null });
    });

    it.each([
      ['a fake PNG (a text file named logo.png)', Buffer.from('not an image at all, honest\n'), 400, 'The logo must be a PNG, JPEG or WebP image.'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00'), 400, 'The logo must be a PNG, JPEG or WebP image.'],
      ['zero bytes', Buffer.alloc(0), 400, 'The logo file is empty.'],
      ['2 MiB', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 413, 'The logo must be at most 1 MiB.'],
    ])('refuses %s, and stores nothing', async (_name, bytes, status, message) => {
      const before = (await catalogue()).meta.total;
      const res = await form('create', fields('Refused Logo'), { bytes }).expect(status);
      expect(res.body).toMatchObject({ success: false, message });
      expect((await catalogue()).meta.total).toBe(before);
    });

    it('takes a logo of exactly 1 MiB', async () => {
      const exact = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
      const res = await form('create', fields('Exact MiB'), { bytes: exact }).expect(201);
      expect(Buffer.from(res.body.data.logo, 'base64').length).toBe(1024 * 1024);
      await post('delete').send({ serviceId: res.body.data.serviceId }).expect(200);
    });

    it.each([
      ['a blank heading', { ...fields('X'), serviceHeading: '  ' }, 'Heading and description are required.'],
      ['no description', { serviceHeading: 'Only Heading', serviceContent: JSON.stringify(CONTENT) }, 'Heading and description are required.'],
      ['only blank items', fields('Blank Items', [{ key: ' ', value: '' }]), 'At least one content item is required.'],
      ['no items', { ...fields('No Items'), serviceContent: '[]' }, 'At least one content item is required.'],
      ['content that is not JSON', { ...fields('Bad Json'), serviceContent: '[{key: 1' }, 'serviceContent must be a JSON list of {key, value} items'],
      ['content that is not a list', { ...fields('Not A List'), serviceContent: '{"key":"a","value":"b"}' }, 'serviceContent must be a JSON list of {key, value} items'],
      [
        'an item whose value is a number',
        { ...fields('Number Value'), serviceContent: '[{"key":"a","value":5}]' },
        'serviceContent must be a JSON list of {key, value} items',
      ],
      ['an escaped NUL in an item', { ...fields('Nul'), serviceContent: '[{"key":"a","value":"b\\u0000"}]' }, 'serviceContent must not contain control characters'],
    ])('refuses %s with 400: %s', async (_label, body, message) => {
      const res = await form('create', body).expect(400);
      expect(res.body).toEqual({ success: false, message, error: expect.any(String) });
    });

    it('refuses a heading that is taken (any case) with 409', async () => {
      const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined); // TypeORM logs the expected failure
      const res = await form('create', fields('youtube')).expect(409);
      quiet.mockRestore();
      expect(res.body).toMatchObject({ success: false, message: 'A service with this heading exists already.' });
    });

    it('refuses a second file or a file under another field', async () => {
      const two = await post('create')
        .field(fields('Two Files'))
        .attach('logo', PNG, { filename: 'a.png', contentType: 'image/png' })
        .attach('logo', PNG, { filename: 'b.png', contentType: 'image/png' })
        .expect(400);
      expect(two.body.message).toBe('Send at most one file, in the field "logo".');
      const other = await post('create').field(fields('Other Field')).attach('image', PNG, 'a.png').expect(400);
      expect(other.body.message).toBe('Send at most one file, in the field "logo".');
    });
  });

  describe('update, getById, deleteContent, delete', () => {
    let service: { serviceId: string; serviceHeading: string; logo: string; serviceContent: Array<{ contentId: string; key: string; value: string }> };

    beforeAll(async () => {
      const {
        slug: _slug,
        listing: _listing,
        ...created
      } = (await form('create', fields('Soundcloud', [...CONTENT, { key: 'Refill', value: '30 days' }]), { bytes: PNG }).expect(201)).body.data;
      service = created;
    });

    it('getById answers the service as the catalogue shows it', async () => {
      const res = await post('getById').send({ serviceId: service.serviceId }).expect(200);
      expect(res.body).toEqual({ success: true, data: service });
    });

    it('updates without a new logo (JSON): the logo stays, the content list sent replaces the list', async () => {
      await catalogue();
      const [first, , third] = service.serviceContent;
      const res = await post('update')
        .send({
          serviceId: service.serviceId,
          serviceHeading: 'SoundCloud',
          serviceDescription: 'Plays and followers for SoundCloud artists.',
          serviceContent: JSON.stringify([
            { contentId: third.contentId, key: 'Refill', value: '60 days' },
            { key: 'Support', value: '24/7' },
            { contentId: first.contentId, key: first.key, value: first.value },
          ]),
        })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Service updated',
        data: {
          serviceId: service.serviceId,
          serviceHeading: 'SoundCloud',
          serviceDescription: 'Plays and followers for SoundCloud artists.',
          logo: service.logo,
          serviceContent: [{ contentId: third.contentId, key: 'Refill', value: '60 days' }, { contentId: expect.any(String), key: 'Support', value: '24/7' }, first],
        },
      });
      const shown = (await catalogue()).data.find((s: { serviceId: string }) => s.serviceId === service.serviceId);
      expect(shown).toEqual({ ...res.body.data, fromPrice: STARTER_PRICE });
      service = res.body.data;
    });

    it('updates with a new logo (multipart)', async () => {
      const res = await form(
        'update',
        {
          serviceId: service.serviceId,
          serviceHeading: service.serviceHeading,
          serviceDescription: 'New logo.',
          serviceContent: JSON.stringify(service.serviceContent),
        },
        { bytes: JPEG },
      ).expect(200);
      expect(res.body.data.logo).toBe(JPEG.toString('base64'));
      expect(res.body.data.serviceContent).toEqual(service.serviceContent);
    });

    it('refuses an update naming a content item of another service, or an unknown service', async () => {
      const other = (await catalogue()).data[0];
      const foreign = await post('update')
        .send({ serviceId: service.serviceId, ...fields('SoundCloud'), serviceContent: [{ contentId: other.serviceContent[0].contentId, key: 'k', value: 'v' }] })
        .expect(404);
      expect(foreign.body.message).toBe('Content item not found');
      const unknown = await post('update')
        .send({ serviceId: '00000000-0000-4000-8000-000000000000', ...fields('Nobody') })
        .expect(404);
      expect(unknown.body).toMatchObject({ message: 'Service not found', error: 'service_not_found' });
    });

    it('deleteContent removes one item and answers the service; the last item stays', async () => {
      await catalogue();
      const [a, b, c] = service.serviceContent;
      const res = await post('deleteContent').send({ serviceId: service.serviceId, contentId: b.contentId }).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.serviceContent).toEqual([a, c]);
      const shown = (await catalogue()).data.find((s: { serviceId: string }) => s.serviceId === service.serviceId);
      expect(shown.serviceContent).toEqual([a, c]);
      await post('deleteContent').send({ serviceId: service.serviceId, contentId: a.contentId }).expect(200);
      const last = await post('deleteContent').send({ serviceId: service.serviceId, contentId: c.contentId }).expect(409);
      expect(last.body).toMatchObject({ success: false, message: 'At least one content item is required.' });
      const gone = await post('deleteContent').send({ serviceId: service.serviceId, contentId: b.contentId }).expect(404);
      expect(gone.body.message).toBe('Content item not found');
    });

    it('delete removes the service from the catalogue at once', async () => {
      await catalogue();
      const res = await post('delete').send({ serviceId: service.serviceId }).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Service deleted' });
      expect((await catalogue()).data.some((s: { serviceId: string }) => s.serviceId === service.serviceId)).toBe(false);
      await post('delete').send({ serviceId: service.serviceId }).expect(404);
      await post('getById').send({ serviceId: service.serviceId }).expect(404);
      expect(await auditActions(service.serviceId)).toEqual(expect.arrayContaining(['service.create', 'service.update', 'service.content.delete', 'service.delete']));
    });

    it.each([
      ['getById', {}, 'serviceId is required'],
      ['getById', { serviceId: 'abc' }, 'serviceId must be a valid id'],
      ['delete', { serviceId: 42 }, 'serviceId must be a valid id'],
      ['deleteContent', { serviceId: '00000000-0000-4000-8000-000000000000' }, 'contentId is required'],
    ])('%s %j → 400 %s', async (path, body, message) => {
      expect((await post(path).send(body).expect(400)).body).toMatchObject({ success: false, message });
    });
  });

  describe('who may call', () => {
    const routes = ['create', 'update', 'delete', 'getById', 'deleteContent'];

    it.each(routes)('%s: a customer gets 403, a visitor 401, and nothing changes', async (path) => {
      const before = (await catalogue()).meta.total;
      const body = { ...fields('Intruder'), serviceId: '00000000-0000-4000-8000-000000000000', contentId: '00000000-0000-4000-8000-000000000000' };
      expect((await post(path, customer.token).send(body).expect(403)).body).toMatchObject({ success: false, error: 'forbidden' });
      expect((await post(path, null).send(body).expect(401)).body).toMatchObject({ success: false });
      expect((await catalogue()).meta.total).toBe(before);
    });

    it('a visitor cannot upload: 401 before the file is read', async () => {
      await post('create', null).field(fields('Visitor')).attach('logo', PNG, 'logo.png').expect(401);
    });
  });
});
