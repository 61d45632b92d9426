import { DAY_MS } from '../../../kernel/day-text';
import type { RefillRecord, RefillState } from '../../../kernel/delivery-summary';
import { customerRefillView, customerRefusal, readRefillWord } from './refill';

const completedAt = new Date('2026-11-03T10:00:00.000Z');
const record = (state: RefillState, requestedAt: Date, extra: Partial<RefillRecord> = {}): RefillRecord => ({
  refillId: 'r1',
  state,
  actor: 'customer',
  requestedAt,
  settledAt: null,
  checkedAt: null,
  upstreamRefillId: state === 'placing' ? null : '77',
  upstreamStatus: null,
  failure: null,
  unsupported: false,
  ...extra,
});
const order = (history: RefillRecord[] = [], days = 30, status = 1) => ({ status, upstreamOrderId: '1001', refills: { days, completedAt, history } });
const at = (days: number, hours = 0) => new Date(completedAt.getTime() + days * DAY_MS + hours * 3_600_000);

describe('refill rules (docs/refill.md)', () => {
  it('reads the words panels write, whatever their case, spaces or underscores', () => {
    for (const word of ['Inprogress', 'In progress', 'in_progress', 'IN  PROGRESS', 'Processing']) expect(readRefillWord(word)).toBe('in_progress');
    expect(readRefillWord(' Completed ')).toBe('completed');
    for (const word of ['Rejected', 'canceled', 'Cancelled']) expect(readRefillWord(word)).toBe('rejected');
    expect(readRefillWord('Pending')).toBe('pending');
    for (const word of ['constructor', '__proto__', 'Awaiting', '', null]) expect(readRefillWord(word)).toBe('unknown');
  });

  it('lets a customer ask within the guarantee, once none is in flight and the last request is a day old', () => {
    expect(customerRefusal(order(), at(29, 23))).toBeNull();
    expect(customerRefillView(order(), at(1))).toEqual({
      state: 'available',
      days: 30,
      requestedAt: null,
      settledAt: null,
      until: at(30),
      ended: false,
      canRequest: true,
      nextRequestAt: null,
      message: null,
    });
  });

  it('says the guarantee ended exactly when a request is refused for it, at the time it is given', () => {
    expect(customerRefillView(order(), at(30))).toMatchObject({ ended: false, canRequest: true });
    expect(customerRefusal(order(), at(30))).toBeNull();
    const justAfter = new Date(at(30).getTime() + 1);
    expect(customerRefillView(order(), justAfter)).toMatchObject({ ended: true, canRequest: false, nextRequestAt: null });
    expect(customerRefusal(order(), justAfter)).toMatchObject({ code: 'refill_period_over' });
  });

  it('names the day the guarantee ended, and refuses orders not completed, without a guarantee or not placed upstream', () => {
    expect(customerRefusal(order(), at(30, 1))).toMatchObject({
      kind: 'invalid',
      code: 'refill_period_over',
      message: 'The 30-day refill guarantee for this order ended on 3 Dec 2026.',
    });
    expect(customerRefusal(order([], 0), at(1))).toMatchObject({ kind: 'invalid', code: 'no_refill_guarantee' });
    expect(customerRefusal(order([], 30, 0), at(1))).toMatchObject({ kind: 'invalid', code: 'refill_not_completed' });
    expect(customerRefusal(order([], 30, 3), at(1))).toMatchObject({ kind: 'invalid', code: 'refill_not_completed' });
    expect(customerRefusal(order([], 30, 2), at(1))).toBeNull();
    expect(customerRefusal({ ...order(), upstreamOrderId: null }, at(1))).toMatchObject({ code: 'refill_not_placed' });
    expect(customerRefillView(order([], 0), at(1))).toBeNull();
  });

  it('refuses a second refill while one is in flight (placing, open, review), with no time to offer', () => {
    for (const state of ['placing', 'open', 'review'] as const) {
      const refusal = customerRefusal(order([record(state, at(1))]), at(5));
      expect(refusal).toMatchObject({ kind: 'conflict', code: 'refill_in_flight', nextRequestAt: null });
    }
  });

  it('spaces requests 24 hours apart, saying when the next may be asked, unless that falls after the guarantee', () => {
    const refusal = customerRefusal(order([record('completed', at(2), { settledAt: at(2, 5) })]), at(2, 6));
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'refill_too_soon', nextRequestAt: at(3) });
    expect(refusal?.message).toBe('A refill was requested less than 24 hours ago. You can ask for the next one after 6 Nov 2026, 10:00 UTC.');
    expect(customerRefusal(order([record('rejected', at(2))]), at(3))).toBeNull();
    const late = customerRefusal(order([record('completed', at(29, 12))]), at(29, 20));
    expect(late).toMatchObject({ code: 'refill_too_soon', nextRequestAt: null });
    expect(late?.message).toMatch(/ends on 3 Dec 2026\.$/);
  });

  it('shows the latest refill as the card reads it, with a plain sentence for a refusal or a review', () => {
    const view = (r: RefillRecord) => customerRefillView(order([r]), at(10));
    expect(view(record('placing', at(9)))).toMatchObject({ state: 'requested', message: null, canRequest: false });
    expect(view(record('review', at(9)))).toMatchObject({ state: 'requested', message: 'Your refill request is being checked by our team.' });
    expect(view(record('open', at(9), { upstreamStatus: 'Pending' }))).toMatchObject({ state: 'requested' });
    expect(view(record('open', at(9), { upstreamStatus: 'Inprogress' }))).toMatchObject({ state: 'in_progress' });
    expect(view(record('completed', at(8), { settledAt: at(9) }))).toMatchObject({ state: 'completed', settledAt: at(9), canRequest: true });
    expect(view(record('rejected', at(8), { settledAt: at(8), failure: 'Refill is disabled' }))).toMatchObject({
      state: 'rejected',
      message: 'The provider could not top up this order.',
    });
    expect(view(record('rejected', at(8), { settledAt: at(8), unsupported: true }))).toMatchObject({
      message: 'This provider does not offer refills for this order. Our team has been told.',
    });
  });
});
