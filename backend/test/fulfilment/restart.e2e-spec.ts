import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ABANDONED_NOTE } from '../../src/modules/fulfilment/application/sync-fulfilment.use-case';
import { Clock } from '../../src/platform/time/clock';
import { adminToken } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer } from '../support/customer-session';
import { FakeClock } from '../identity/support';
import { eventually, planOf } from '../billing/support';
import { addsOf, asAdmin, buy, panelEnv, startPanel, syncNow, taskInState, taskOf, type ProviderPanelUnderTest } from './support';

/**
 * A restart between "placing" and the provider's answer never yields two upstream orders (docs/fulfilment.md).
 * The first app sends the add; the stand-in takes the order at once and holds its answer; the app
 * dies before the answer comes: its database connection is closed under it (a killed process stores
 * nothing more), then it is stopped. A second app starts on the same database (the same PGlite
 * directory, or the same PostgreSQL schema and Redis queue prefix) and runs the sync pass.
 * Real: both apps whole, the database (PGlite on disk, or PostgreSQL with DATABASE_URL), the queue
 * (BullMQ with REDIS_URL: the first app's failed job is retried by the second app's worker, and finds
 * nothing to claim), the api-v2 adapter and the stand-in over HTTP.
 * Fake: the second app's clock (moved past the call timeout + 30 s after which `placing` counts as cut short).
 */
describe('A restart while an order is being placed', () => {
  let panel: ProviderPanelUnderTest;
  let first: TestApp;
  let second: TestApp | undefined;

  beforeAll(async () => {
    panel = await startPanel();
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await panel?.close();
  });

  it('leaves the order for staff to review, with ONE add upstream; a retry by staff places it once more, on purpose', async () => {
    first = await createTestApp({ durable: true, env: panelEnv(panel, { PROVIDER_TIMEOUT_MS: '20000' }) });
    const admin = (await adminToken(first)).token;
    const youtube = await planOf(first, 'youtube');
    await asAdmin(first, admin).post('/api/admin/fulfilment/mapping', { pricingId: youtube.pricing[0].pricingId, serviceId: '3', quantity: 1000 }).expect(200);
    const ann = await signUpCustomer(first, 'ann');
    const link = 'https://www.youtube.com/@restart';

    panel.standIn.script('add', { slow: 2_000 });
    const { orderId, subscriptionId } = await buy(first, ann, youtube, youtube.pricing[0].pricingId, link);
    await eventually(
      () => panel.standIn.addCount(),
      (count) => count === 1,
    );
    expect((await taskOf(first, admin, orderId)).fulfilment?.state).toBe('placing');

    // The first app dies while the stand-in holds the answer (its late failures are expected noise).
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await first.app.get(DataSource).destroy();
    await first.stop();
    errors.mockRestore();
    expect(panel.standIn.orders.size).toBe(1); // the provider did take the order

    const clock = new FakeClock();
    second = await createTestApp({ restartOf: first, env: panelEnv(panel), overrides: [{ provide: Clock, useValue: clock }] });
    const staff = (await adminToken(second)).token;
    expect((await taskOf(second, staff, orderId)).fulfilment).toMatchObject({ state: 'placing', upstreamOrderId: null });

    clock.advance(3 * 60_000);
    await syncNow(second, staff);
    const review = await taskOf(second, staff, orderId);
    expect(review).toMatchObject({ Status: 0, fulfilment: { state: 'needs_review', note: ABANDONED_NOTE, upstreamOrderId: null } });

    // Without a retry by staff nothing places it again: not later passes, nor (with BullMQ) the first app's failed job retried by the queue.
    for (let pass = 0; pass < 3; pass++) {
      clock.advance(60_000);
      await syncNow(second, staff);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // past the queue's first retry back-off (2 s)
    expect((await taskOf(second, staff, orderId)).fulfilment?.state).toBe('needs_review');
    expect(addsOf(panel.standIn).filter((params) => params.link === link)).toHaveLength(1);

    // Staff checked the panel and place it again on purpose.
    clock.advance(60_000);
    await asAdmin(second, staff).post('/api/admin/fulfilment/retry', { subscriptionId }).expect(200);
    const placed = await taskInState(second, staff, orderId, 'open');
    expect(addsOf(panel.standIn).filter((params) => params.link === link)).toHaveLength(2);
    expect(placed.fulfilment?.upstreamOrderId).toBe('1002');
  });
});
