import request from 'supertest';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';
import { eventually, planOf } from '../billing/support';
import { asAdmin, buy, panelEnv, startPanel, taskInState, type ProviderPanelUnderTest } from './support';

/**
 * The whole path with nobody touching it (docs/fulfilment.md): pay → the place-order job places the order →
 * the provider says Completed → the REPEATING sync job (every 300 ms here) moves the order to the
 * customer's Completed list. Real: the whole app, its queue and schedule (in-process, or BullMQ's
 * job scheduler with REDIS_URL), its database (PGlite, or PostgreSQL with DATABASE_URL), the api-v2
 * adapter and the API v2 stand-in over HTTP. Fake: nothing.
 */
describe('Fulfilment on its schedule', () => {
  let panel: ProviderPanelUnderTest;
  let t: TestApp;

  beforeAll(async () => {
    panel = await startPanel();
    t = await createTestApp({ env: panelEnv(panel, { FULFILMENT_SYNC_EVERY_MS: '300' }) });
  });

  afterAll(async () => {
    await t?.close();
    await panel?.close();
  });

  it('completes a paid order by itself once the provider says Completed', async () => {
    const admin = (await adminToken(t)).token;
    const youtube = await planOf(t, 'youtube');
    await asAdmin(t, admin).post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: 1000 }).expect(200);
    const ann = await signUpCustomer(t, 'ann');
    const { orderId } = await buy(t, ann, youtube, youtube.pricing[0].pricingId, 'https://www.youtube.com/@scheduled');
    const placed = await taskInState(t, admin, orderId, 'open');

    panel.standIn.setOrder(placed.fulfilment?.upstreamOrderId as string, { status: 'Completed', start_count: '10', remains: '0' });
    const completed = () =>
      request(t.app.getHttpServer())
        .post('/api/subscription/completedService')
        .set('Authorization', `Bearer ${ann.token}`)
        .send({ userId: ann.userId })
        .then((res) => res.body.data as Array<{ orderId: string; Status: number; statusText: string }>);
    const list = await eventually(completed, (rows) => rows.some((row) => row.orderId === orderId));
    expect(list.find((row) => row.orderId === orderId)).toMatchObject({ Status: 1, statusText: 'Completed', progress: { startCount: 10, remains: 0, quantity: 1000 } });
  });
});
