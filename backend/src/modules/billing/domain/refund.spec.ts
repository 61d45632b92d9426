import { shortfallNote, undeliveredAmount } from './refund';

describe('undeliveredAmount (docs/refunds.md)', () => {
  it('is everything for Canceled, Refunded, or an order cancelled before it was placed', () => {
    expect(undeliveredAmount(1999, { status: 3, fulfilmentState: 'done', quantity: 1000, remains: 0 })).toBe(1999);
    expect(undeliveredAmount(1999, { status: 4, fulfilmentState: 'done', quantity: 1000, remains: null })).toBe(1999);
    expect(undeliveredAmount(1999, { status: 3, fulfilmentState: 'canceled', quantity: 1000, remains: null })).toBe(1999);
  });

  it('is floor(paid × remains / quantity) for Partial, in integers: 157 of 1,000 on 19.99 is 3.13', () => {
    expect(undeliveredAmount(1999, { status: 2, fulfilmentState: 'done', quantity: 1000, remains: 157 })).toBe(313);
    expect(undeliveredAmount(1, { status: 2, fulfilmentState: 'done', quantity: 3, remains: 2 })).toBe(0);
    expect(undeliveredAmount(99_999_999_99, { status: 2, fulfilmentState: 'done', quantity: 2_000_000_000, remains: 1_999_999_999 })).toBe(99_999_999_94);
  });

  it('is null (staff decide) when a Partial remains cannot be trusted, and 0 when nothing fell short', () => {
    for (const remains of [null, -5, 1001]) expect(undeliveredAmount(1999, { status: 2, fulfilmentState: 'done', quantity: 1000, remains })).toBeNull();
    expect(undeliveredAmount(1999, { status: 1, fulfilmentState: 'done', quantity: 1000, remains: 0 })).toBe(0);
  });
});

describe('shortfallNote', () => {
  it('says what fell short in words staff read, and never repeats a number that cannot be true as a fact', () => {
    expect(shortfallNote({ status: 2, fulfilmentState: 'done', quantity: 1000, remains: 157 })).toBe('157 of 1,000 not delivered');
    expect(shortfallNote({ status: 2, fulfilmentState: 'done', quantity: 1000, remains: -5 })).toBe(
      'Partly delivered; the provider reported -5 remaining of 1,000, which cannot be right',
    );
    expect(shortfallNote({ status: 3, fulfilmentState: 'done', quantity: 1000, remains: 0 })).toBe('Canceled by the provider');
  });
});
