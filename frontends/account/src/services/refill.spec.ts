import type { SubscriptionRefill } from '@growth/kit';
import { refillView } from './refill';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');

function refill(extra: Partial<SubscriptionRefill> = {}): SubscriptionRefill {
  return {
    state: 'available',
    days: 30,
    requestedAt: null,
    settledAt: null,
    until: '2026-12-20T12:00:00.000Z',
    ended: false,
    canRequest: true,
    nextRequestAt: null,
    message: null,
    ...extra,
  };
}

describe('refillView', () => {
  it('nothing for an order without a guarantee, or a state it cannot read', () => {
    expect(refillView(null, NOW)).toBeNull();
    expect(refillView(undefined, NOW)).toBeNull();
    expect(refillView(refill({ state: 'exploded' as SubscriptionRefill['state'] }), NOW)).toBeNull();
    expect(refillView('yes' as unknown as SubscriptionRefill, NOW)).toBeNull();
  });

  it('the guarantee until its end, ended once past, from completion while the order is not completed', () => {
    expect(refillView(refill(), NOW)?.guarantee).toBe('30-day refill guarantee until Dec 20, 2026');
    expect(refillView(refill({ until: '2026-11-20T12:00:00.000Z', ended: true, canRequest: false }), NOW)?.guarantee).toBe(
      '30-day refill guarantee ended on Nov 20, 2026',
    );
    // Ended is the server's word (its clock), not the browser's: a past date it does not call ended reads "until".
    expect(refillView(refill({ until: '2026-11-20T12:00:00.000Z' }), NOW)?.guarantee).toBe('30-day refill guarantee until Nov 20, 2026');
    expect(refillView(refill({ until: null, canRequest: false }), NOW)?.guarantee).toBe('30-day refill guarantee, from completion');
    expect(refillView(refill({ days: 1 }), NOW)?.guarantee).toBe('1-day refill guarantee until Dec 20, 2026');
    // Days that cannot be true are not written out.
    expect(refillView(refill({ days: -4 }), NOW)?.guarantee).toBeNull();
    expect(refillView(refill({ days: 2.5 }), NOW)?.guarantee).toBeNull();
  });

  it('each state in the customer words', () => {
    const state = (extra: Partial<SubscriptionRefill>) => refillView(refill(extra), NOW)?.state;
    expect(state({})).toBeNull();
    expect(state({ state: 'requested' })).toBe('Refill requested');
    expect(state({ state: 'in_progress' })).toBe('Refill in progress');
    expect(state({ state: 'completed', settledAt: '2026-11-24T10:00:00.000Z' })).toBe('Refilled on Nov 24, 2026');
    expect(state({ state: 'completed', settledAt: null })).toBe('Refilled');
    expect(state({ state: 'rejected' })).toBe('Refill rejected by the provider');
    expect(refillView(refill({ state: 'rejected' }), NOW)?.problem).toBe(true);
    expect(refillView(refill({ state: 'completed' }), NOW)?.problem).toBe(false);
  });

  it('the button follows canRequest alone; the server sentence wins over the one-a-day note', () => {
    expect(refillView(refill({ canRequest: true }), NOW)?.canRequest).toBe(true);
    expect(refillView(refill({ canRequest: 'yes' as unknown as boolean }), NOW)?.canRequest).toBe(false);
    const later = refill({ state: 'completed', canRequest: false, nextRequestAt: '2026-11-25T15:00:00.000Z' });
    expect(refillView(later, NOW)?.note).toMatch(/^You can ask for another refill from Nov 25, 2026, \d{1,2}:00 (AM|PM)\.$/);
    expect(refillView({ ...later, message: '  Ask again tomorrow.  ' }, NOW)?.note).toBe('Ask again tomorrow.');
    // A moment already past says nothing.
    expect(refillView(refill({ canRequest: false, nextRequestAt: '2026-11-24T15:00:00.000Z' }), NOW)?.note).toBeNull();
  });
});
