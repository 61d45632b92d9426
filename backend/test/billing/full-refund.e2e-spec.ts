import request from 'supertest';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { as, eventually, planOf, type PlanTiers } from './support';

/**
 * A full refund ends the order (docs/refunds.md#a-full-refund-ends-the-order), over HTTP, on the
 * default manual path: an In Process order refunded in full (by staff, or by approving the
 * customer's request) is Refunded (Status 4) for the customer and for staff, leaves the Active list
 * and the profile's active count, is found by the tasks' Refunded filter and not by In Process,
 * reads Refunded in the orders CSV, and cannot be marked Completed or In Process (409). A part
 * refund leaves it In Process, saying what was refunded. A Completed order refunded in full stays
 * Completed. Real: the whole app (PGlite, or PostgreSQL with DATABASE_URL), the sandbox gateway and
 * its refund webhooks, the outbox mailer.
 */
/** RFC 4180 records (quoted cells, doubled quotes, CRLF), as the export writes them (docs/reports.md#exports). */
function csvRecords(text: string): string[][] {
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
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

describe('A full refund ends the order (manual fulfilment)', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let admin: string;
  let youtube: PlanTiers;

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_REFUND_SETTLE_MS: '300', RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
    ann = await signUpCustomer(t, 'ann');
    admin = (await adminToken(t)).token;
    youtube = await planOf(t, 'youtube');
  });

  afterAll(() => t?.close());

  const staff = () => as(t, { userId: '', email: '', token: admin });

  async function buy(who: CustomerSession) {
    const pricing = youtube.pricing[0];
    const order = (
      await as(t, who)
        .post('/api/payment/order', { userId: who.userId, planId: youtube.planId, pricingId: pricing.pricingId, profileLink: 'https://www.youtube.com/@ann' })
        .expect(200)
    ).body.order;
    const proof = (await as(t, who).post('/api/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }).expect(200)).body;
    const verified = await as(t, who).post('/api/payment/verify', proof).expect(200);
    return { subscriptionId: verified.body.subscription.subscriptionId as string, orderId: order.id as string, price: pricing.price };
  }

  type Card = { subscriptionId: string; Status: number; statusText: string | null; refund: { requested: string; refunded: string; state: string | null } | null };

  const cards = async (list: 'activeService' | 'completedService') =>
    (await as(t, ann).post(`/api/subscription/${list}`, { userId: ann.userId, page: 1, limit: 50 }).expect(200)).body.data as Card[];
  const card = async (subscriptionId: string) =>
    ((await as(t, ann).post('/api/subscription/user', { userId: ann.userId }).expect(200)).body.subscriptions as Card[]).find((s) => s.subscriptionId === subscriptionId);
  const counts = async () =>
    (await as(t, ann).post('/api/user/getById', { userId: ann.userId }).expect(200)).body.subscriptions as { total: number; active: number; completed: number };
  const tasks = async (body: object) => (await staff().post('/api/admin/tasks', body).expect(200)).body.data as Array<Card & { orderId: string }>;
  const task = async (orderId: string) => (await tasks({ q: orderId }))[0];
  const mark = (subscriptionId: string, Status: number) => staff().post('/api/admin/upStatus', { subscriptionId, Status });

  async function csvRow(orderId: string): Promise<Record<string, string>> {
    const today = new Date().toISOString().slice(0, 10);
    const res = await request(t.app.getHttpServer())
      .get(`/api/admin/export/orders.csv?from=${today}&to=${today}&tz=UTC`)
      .set('Authorization', `Bearer ${admin}`)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      })
      .expect(200);
    const [names, ...rows] = csvRecords((res.body as string).replace(/^\uFEFF/, ''));
    const row = rows.find((values) => values[0] === orderId);
    if (!row) throw new Error(`order ${orderId} is not in the CSV`);
    return Object.fromEntries(names.map((name, i) => [name, row[i]]));
  }

  it('staff refund an In Process order in full: Refunded everywhere, out of the active counts, and it can no longer be marked', async () => {
    const before = await counts();
    const order = await buy(ann);
    expect(await counts()).toMatchObject({ active: before.active + 1 });

    const answer = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Customer changed their mind' }).expect(200);
    expect(answer.body.subscription).toMatchObject({ Status: 4, statusText: 'Refunded' });

    // The customer: Refunded, beside what was refunded, in the Completed list, not the Active one.
    const settled = await eventually(
      () => card(order.subscriptionId),
      (c) => c?.refund?.state === 'processed',
    );
    expect(settled).toMatchObject({ Status: 4, statusText: 'Refunded', refund: { state: 'processed', requested: order.price, refunded: order.price } });
    expect((await cards('activeService')).map((c) => c.subscriptionId)).not.toContain(order.subscriptionId);
    expect((await cards('completedService')).find((c) => c.subscriptionId === order.subscriptionId)).toMatchObject({ Status: 4, statusText: 'Refunded' });
    expect(await counts()).toEqual({ total: before.total + 1, active: before.active, completed: before.completed + 1 });

    // Staff: Refunded in the tasks, found by the Refunded filter and not by In Process.
    expect(await task(order.orderId)).toMatchObject({ Status: 4, statusText: 'Refunded' });
    expect((await tasks({ Status: 4, q: order.orderId })).map((s) => s.orderId)).toEqual([order.orderId]);
    expect(await tasks({ Status: 0, q: order.orderId })).toEqual([]);

    for (const status of [1, 0]) {
      const refused = await mark(order.subscriptionId, status).expect(409);
      expect(refused.body).toEqual({
        success: false,
        message: 'This order was refunded in full: it stays Refunded and cannot be marked In Process or Completed.',
        error: 'order_refunded',
      });
    }
    expect(await task(order.orderId)).toMatchObject({ Status: 4 });
  });

  it("the orders CSV names a fully refunded order's Status Refunded", async () => {
    const order = await buy(ann);
    await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Customer changed their mind' }).expect(200);
    expect(await csvRow(order.orderId)).toMatchObject({ order_status: 'Refunded' });
  });

  it('a part refund says what was refunded and leaves the order In Process; refunding the rest ends it', async () => {
    const order = await buy(ann);
    const part = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: '5.00', reason: 'Late start' }).expect(200);
    expect(part.body.subscription).toMatchObject({ Status: 0, statusText: 'In Process', refund: { requested: '5.00' } });
    expect((await cards('activeService')).find((c) => c.subscriptionId === order.subscriptionId)).toMatchObject({
      Status: 0,
      refund: { requested: '5.00' },
    });
    expect(await task(order.orderId)).toMatchObject({ Status: 0 });

    const rest = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'The rest' }).expect(200);
    expect(rest.body.subscription).toMatchObject({ Status: 4, statusText: 'Refunded', refund: { requested: order.price } });
  });

  it('part refunds issued while the gateway settles the earlier ones: the order shows every one of them', async () => {
    const order = await buy(ann);
    // Each settles by webhook 300 ms after it is issued, so the later ones are stored while the earlier settle.
    const shown: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const part = await staff()
        .post('/api/admin/refunds', { subscriptionId: order.subscriptionId, amount: '1.00', reason: `Part ${i + 1}` })
        .expect(200);
      shown.push(part.body.subscription.refund.requested);
    }
    expect(shown).toEqual(Array.from({ length: 12 }, (_, i) => `${i + 1}.00`));
    const settled = await eventually(
      () => card(order.subscriptionId),
      (c) => c?.refund?.state === 'processed',
    );
    expect(settled?.refund).toMatchObject({ requested: '12.00', refunded: '12.00', state: 'processed' });
    expect(await task(order.orderId)).toMatchObject({ Status: 0, refund: { requested: '12.00', refunded: '12.00' } });
  });

  it("approving the customer's request in full ends the order; approving a part does not", async () => {
    const whole = await buy(ann);
    const asked = await as(t, ann).post('/api/subscription/refund-request', { subscriptionId: whole.subscriptionId, reason: 'Ordered the wrong channel' }).expect(200);
    expect(asked.body.subscription).toMatchObject({ Status: 0 });
    const requestId = (await staff().post('/api/admin/tasks', { q: whole.orderId }).expect(200)).body.data[0].refund.requestId as string;
    const decided = await staff().post('/api/admin/refund-requests/decide', { requestId, approve: true }).expect(200);
    expect(decided.body.subscription).toMatchObject({ Status: 4, statusText: 'Refunded' });
    expect(await card(whole.subscriptionId)).toMatchObject({ Status: 4, statusText: 'Refunded' });

    const partly = await buy(ann);
    await as(t, ann).post('/api/subscription/refund-request', { subscriptionId: partly.subscriptionId, reason: 'Only half of it came' }).expect(200);
    const partId = (await staff().post('/api/admin/tasks', { q: partly.orderId }).expect(200)).body.data[0].refund.requestId as string;
    const half = await staff().post('/api/admin/refund-requests/decide', { requestId: partId, approve: true, amount: '1.00' }).expect(200);
    expect(half.body.subscription).toMatchObject({ Status: 0, statusText: 'In Process', refund: { requested: '1.00' } });
  });

  it('a Completed order refunded in full stays Completed (it was delivered), with the refund beside it', async () => {
    const order = await buy(ann);
    await mark(order.subscriptionId, 1).expect(200);
    const refunded = await staff().post('/api/admin/refunds', { subscriptionId: order.subscriptionId, reason: 'Goodwill' }).expect(200);
    expect(refunded.body.subscription).toMatchObject({ Status: 1, statusText: 'Completed', refund: { requested: order.price } });
  });
});
