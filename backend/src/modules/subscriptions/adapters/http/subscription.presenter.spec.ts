import type { RefillRecord, SubscriptionFulfilment } from '../../../../kernel/delivery-summary';
import type { Subscription, SubscriptionStatus } from '../../domain/subscription';
import { CustomerRefillViews } from '../../../fulfilment/application/customer-refill-views';
import { SubscriptionPresenter } from './subscription.presenter';

/** With fulfilment's refill rules, as the app binds them. */
const presenter = new SubscriptionPresenter(new CustomerRefillViews());

const createdAt = new Date('2025-05-01T10:00:00Z');
/** The app's clock when a body is built (what the refill's canRequest and ended are judged at). */
const at = new Date('2025-05-02T10:00:00Z');

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    subscriptionId: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10',
    userId: '1b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e11',
    planId: null,
    planName: 'YouTube',
    profileLink: 'https://youtube.com/@creator',
    orderId: 'order_1',
    paymentId: 'pay_1',
    status: 0,
    pricing: { pricingId: 'tier-1', name: 'Growth', price: '19.99', description: 'More views', features: ['Fast'], isPopular: true, currency: 'USD' },
    customerEmail: 'creator@example.com',
    customerName: 'Creator',
    sandbox: false,
    fulfilment: null,
    refund: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

function fulfilment(overrides: Partial<SubscriptionFulfilment> = {}): SubscriptionFulfilment {
  return {
    state: 'open',
    serviceId: '1024',
    serviceName: 'Instagram Followers [Real]',
    quantity: 500,
    upstreamOrderId: '77001',
    upstreamStatus: 'In progress',
    charge: '0.27819',
    currency: 'USD',
    startCount: 1204,
    remains: 350,
    note: 'Incorrect order ID',
    queuedAt: new Date('2025-05-01T10:00:01Z'),
    placingAt: new Date('2025-05-01T10:00:02Z'),
    placedAt: new Date('2025-05-01T10:00:03Z'),
    checkedAt: new Date('2025-05-01T10:05:00Z'),
    ...overrides,
  };
}

describe('subscription bodies', () => {
  it("shows staff the customer's name as copied at purchase without bidi controls (docs/security.md#text-entered-by-customers)", () => {
    expect(presenter.adminSubscriptionBody(subscription({ customerName: 'Ann\u202e nimda\u2069' }), at).customer).toMatchObject({ name: 'Ann nimda' });
  });

  it.each([
    [0, 'In Process'],
    [1, 'Completed'],
    [2, 'Partial'],
    [3, 'Canceled'],
    [4, 'Refunded'],
    [9, null],
  ])('Status %i reads %j on the customer and the admin body', (status, text) => {
    // 9: a number outside the table, as an older or newer version might have stored.
    expect(presenter.subscriptionBody(subscription({ status: status as SubscriptionStatus }), at).statusText).toBe(text);
    expect(presenter.adminSubscriptionBody(subscription({ status: status as SubscriptionStatus }), at).statusText).toBe(text);
  });

  it('gives the customer progress once the provider has reported a start count or remains, and nothing else of the fulfilment', () => {
    const body = presenter.subscriptionBody(subscription({ fulfilment: fulfilment() }), at);
    expect(body.progress).toEqual({ startCount: 1204, remains: 350, quantity: 500 });
    expect(Object.keys(body).sort()).toEqual([
      'Status',
      '_id',
      'createdAt',
      'orderId',
      'paymentId',
      'planName',
      'pricing',
      'profileLink',
      'progress',
      'refill',
      'refund',
      'statusText',
      'subscriptionId',
      'user',
    ]);
    const text = JSON.stringify(body);
    for (const secret of ['77001', '0.27819', 'Incorrect order ID', 'In progress', '1024']) expect(text).not.toContain(secret);
    expect(presenter.subscriptionBody(subscription({ fulfilment: fulfilment({ startCount: null, remains: 350 }) }), at).progress).toEqual({
      startCount: null,
      remains: 350,
      quantity: 500,
    });
  });

  describe('cards that tell the truth (docs/fulfilment.md#what-a-card-says)', () => {
    const progress = (status: 0 | 1 | 2 | 3 | 4, counts: { startCount: number | null; remains: number | null }) =>
      presenter.subscriptionBody(subscription({ status, fulfilment: fulfilment(counts) }), at).progress;

    it('reads a start count of 0 as not reported (null), not "Started at 0"', () => {
      expect(progress(1, { startCount: 0, remains: 0 })).toEqual({ startCount: null, remains: 0, quantity: 500 });
      expect(progress(0, { startCount: 0, remains: null })).toBeNull();
    });

    it('reads remains 0 on an order not finished as not reported, and keeps it on a Completed one', () => {
      expect(progress(0, { startCount: 1204, remains: 0 })).toEqual({ startCount: 1204, remains: null, quantity: 500 });
      expect(progress(1, { startCount: 1204, remains: 0 })).toEqual({ startCount: 1204, remains: 0, quantity: 500 });
    });

    it('gives a Canceled or Refunded order no delivery line, and a Partial one what the panel said', () => {
      expect(progress(3, { startCount: 0, remains: 500 })).toBeNull();
      expect(progress(4, { startCount: 1204, remains: 0 })).toBeNull();
      expect(progress(2, { startCount: 1204, remains: 120 })).toEqual({ startCount: 1204, remains: 120, quantity: 500 });
    });
  });

  it.each([
    ['a negative start count', { startCount: -5, remains: 350 }, { startCount: null, remains: 350, quantity: 500 }],
    ['a start count over 10^11', { startCount: 1e12, remains: 350 }, { startCount: null, remains: 350, quantity: 500 }],
    ['negative remains', { startCount: 1204, remains: -3 }, { startCount: 1204, remains: null, quantity: 500 }],
    ['remains above the quantity', { startCount: 1204, remains: 501 }, { startCount: 1204, remains: null, quantity: 500 }],
    ['both impossible', { startCount: -1, remains: -1 }, null],
    ['an unsafe number', { startCount: 2 ** 60, remains: Number.NaN }, null],
  ])('never shows a customer a number that cannot be true (%s), whatever is stored', (_what, counts, progress) => {
    expect(presenter.subscriptionBody(subscription({ fulfilment: fulfilment(counts) }), at).progress).toEqual(progress);
    expect(presenter.subscriptionBody(subscription({ fulfilment: fulfilment({ ...counts, quantity: 0 }) }), at).progress).toBeNull();
  });

  it('gives no progress for a Pending order reported with start count 0 and 0 remaining (it has not started)', () => {
    expect(presenter.subscriptionBody(subscription({ fulfilment: fulfilment({ upstreamStatus: ' pending ', startCount: 0, remains: 0 }) }), at).progress).toBeNull();
    // Nor one In progress with the same zeros: neither number is a real report yet.
    expect(presenter.subscriptionBody(subscription({ fulfilment: fulfilment({ upstreamStatus: 'Inprogress', startCount: 0, remains: 0 }) }), at).progress).toBeNull();
  });

  describe('refill (docs/refill.md)', () => {
    const completedAt = new Date('2026-11-03T10:00:00.000Z');
    const now = new Date('2026-11-10T10:00:00.000Z');
    const refill = (overrides: Partial<RefillRecord> = {}): RefillRecord => ({
      refillId: 'f1',
      state: 'open',
      actor: 'customer',
      requestedAt: new Date('2026-11-08T10:00:00.000Z'),
      settledAt: null,
      checkedAt: new Date('2026-11-09T10:00:00.000Z'),
      upstreamRefillId: '88',
      upstreamStatus: 'Inprogress',
      failure: null,
      unsupported: false,
      ...overrides,
    });
    const done = (days: number, history: RefillRecord[] = []) =>
      subscription({ status: 1, fulfilment: fulfilment({ state: 'done', upstreamStatus: 'Completed' }), refills: { days, completedAt, history } });

    it('is null for the customer without a guarantee, and for staff without a guarantee or a refill', () => {
      expect(presenter.subscriptionBody(done(0), now).refill).toBeNull();
      expect(presenter.adminSubscriptionBody(done(0), now).refill).toBeNull();
      expect(presenter.subscriptionBody(subscription(), at).refill).toBeNull();
    });

    it("shows the customer the latest refill without the provider's ids, words or refusals", () => {
      const body = presenter.subscriptionBody(done(30, [refill({ failure: 'Refill not found' })]), now);
      expect(body.refill).toEqual({
        state: 'in_progress',
        days: 30,
        requestedAt: '2026-11-08T10:00:00.000Z',
        settledAt: null,
        until: '2026-12-03T10:00:00.000Z',
        ended: false,
        canRequest: false,
        nextRequestAt: null,
        message: null,
      });
      for (const secret of ['88', 'Inprogress', 'Refill not found', 'f1']) expect(JSON.stringify(body.refill)).not.toContain(secret);
    });

    it("judges canRequest, ended and nextRequestAt at the clock it is given, never the wall clock's", () => {
      const settled = done(30, [refill({ state: 'completed', settledAt: new Date('2026-11-09T10:00:00.000Z') })]);
      const until = new Date('2026-12-03T10:00:00.000Z');
      const at = (ms: number) => new Date(until.getTime() + ms);
      // The wall clock (2025 or later, whenever this runs) plays no part: the guarantee ends in 2026 either way.
      expect(presenter.subscriptionBody(settled, at(0)).refill).toMatchObject({ canRequest: true, ended: false, nextRequestAt: null });
      expect(presenter.subscriptionBody(settled, at(1)).refill).toMatchObject({ canRequest: false, ended: true, nextRequestAt: null });
      expect(presenter.adminSubscriptionBody(settled, at(1)).refill).toMatchObject({ canRequest: false, ended: true });
      // Within 24 hours of the last request: not yet, and when; a minute after, yes.
      const requestedAt = new Date('2026-11-08T10:00:00.000Z');
      const nextDay = new Date(requestedAt.getTime() + 24 * 60 * 60_000);
      expect(presenter.subscriptionBody(settled, new Date(nextDay.getTime() - 60_000)).refill).toMatchObject({
        canRequest: false,
        ended: false,
        nextRequestAt: nextDay.toISOString(),
      });
      expect(presenter.subscriptionBody(settled, new Date(nextDay.getTime() + 60_000)).refill).toMatchObject({ canRequest: true, nextRequestAt: null });
    });

    it('gives staff review and the history (newest first, at most 20), also for an order without a guarantee that staff refilled', () => {
      const history = Array.from({ length: 25 }, (_, i) =>
        refill({ refillId: `f${i}`, state: i === 0 ? 'review' : 'rejected', failure: i === 0 ? 'timed out' : 'no', actor: 'staff' }),
      );
      const staff = presenter.adminSubscriptionBody(done(0, history), now).refill;
      expect(staff).toMatchObject({
        state: 'requested',
        days: 0,
        until: null,
        canRequest: false,
        review: true,
        message: 'Your refill request is being checked by our team.',
      });
      expect(staff?.history).toHaveLength(20);
      expect(staff?.history?.[0]).toEqual({
        id: 'f0',
        state: 'review',
        actor: 'staff',
        requestedAt: '2026-11-08T10:00:00.000Z',
        settledAt: null,
        checkedAt: '2026-11-09T10:00:00.000Z',
        upstreamRefillId: '88',
        upstreamStatus: 'Inprogress',
        failure: 'timed out',
        review: true,
      });
    });
  });

  it('gives no progress on the manual path or before the provider reported counts', () => {
    expect(presenter.subscriptionBody(subscription(), at).progress).toBeNull();
    expect(presenter.subscriptionBody(subscription({ fulfilment: fulfilment({ state: 'queued', startCount: null, remains: null }) }), at).progress).toBeNull();
  });

  it('gives staff the fulfilment with the margin, exact, when the provider charges in the price currency (any case)', () => {
    const body = presenter.adminSubscriptionBody(subscription({ fulfilment: fulfilment({ currency: 'usd' }) }), at);
    expect(body.customer).toEqual({ userId: '1b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e11', name: 'Creator', email: 'creator@example.com' });
    expect(body.fulfilment).toEqual({
      state: 'open',
      serviceId: '1024',
      serviceName: 'Instagram Followers [Real]',
      quantity: 500,
      upstreamOrderId: '77001',
      upstreamStatus: 'In progress',
      charge: '0.27819',
      currency: 'usd',
      startCount: 1204,
      remains: 350,
      note: 'Incorrect order ID',
      queuedAt: '2025-05-01T10:00:01.000Z',
      placedAt: '2025-05-01T10:00:03.000Z',
      checkedAt: '2025-05-01T10:05:00.000Z',
      margin: { amount: '19.71181', currency: 'USD' },
    });
    expect(body.progress).toEqual({ startCount: 1204, remains: 350, quantity: 500 });
  });

  it('gives no margin when the provider charges in another currency or the charge is not known yet', () => {
    expect(presenter.adminSubscriptionBody(subscription({ fulfilment: fulfilment({ currency: 'EUR' }) }), at).fulfilment?.margin).toBeNull();
    const waiting = presenter.adminSubscriptionBody(
      subscription({ fulfilment: fulfilment({ state: 'queued', upstreamOrderId: null, charge: null, currency: null, placedAt: null, checkedAt: null }) }),
      at,
    ).fulfilment;
    expect(waiting).toMatchObject({ state: 'queued', upstreamOrderId: null, margin: null, placedAt: null, checkedAt: null });
  });

  it('gives staff a null fulfilment on the manual path', () => {
    expect(presenter.adminSubscriptionBody(subscription(), at).fulfilment).toBeNull();
  });

  it("gives the customer the order's refund summary without staff's extras, and staff all of it with the margin net of refunds", () => {
    const refund = {
      state: 'failed' as const,
      requested: '7.85',
      refunded: '0.00',
      currency: 'USD',
      refundedAt: null,
      requestState: 'declined' as const,
      message: 'Delivered in full on May 3.',
      refundable: '12.14',
      requestId: null,
      staffRequestState: 'declined' as const,
      failure: 'Razorpay refused the refund: The payment has been fully refunded already.',
    };
    const done = subscription({ status: 2, refund, fulfilment: fulfilment({ state: 'done', charge: '0.27819', currency: 'USD' }) });
    expect(presenter.subscriptionBody(done, at).refund).toEqual({
      state: 'failed',
      requested: '7.85',
      refunded: '0.00',
      currency: 'USD',
      refundedAt: null,
      requestState: 'declined',
      message: 'Delivered in full on May 3.',
    });
    expect(JSON.stringify(presenter.subscriptionBody(done, at))).not.toContain('Razorpay');
    expect(presenter.adminSubscriptionBody(done, at).refund).toMatchObject({ refundable: '12.14', requestId: null, failure: refund.failure });
    // Partial: 12.14 kept − the charge's delivered share (0.27819 × 150 / 500 = 0.08346), an estimate.
    expect(presenter.adminSubscriptionBody(done, at).fulfilment?.margin).toEqual({ amount: '12.05654', currency: 'USD', estimated: true });
    expect(presenter.subscriptionBody(subscription(), at).refund).toBeNull();
    expect(presenter.adminSubscriptionBody(subscription(), at).refund).toBeNull();
  });
});
