import { decimalDifference, deliveredShareOf, orderMargin } from './margin';

describe('decimalDifference', () => {
  it.each([
    ['19.99', '0.27819', '19.71181'],
    ['19.99', '0.90', '19.09'],
    ['20.00', '5', '15.00'],
    ['20', '5', '15'],
    ['0.10', '0.30', '-0.20'],
    ['0.1', '0.2', '-0.1'],
    ['1', '1.000', '0.000'],
    ['0.3', '0.1', '0.2'],
    ['99999999999.99', '0.00001', '99999999999.98999'],
    ['12345678901234567890.1', '0.05', '12345678901234567890.05'],
    [' 5.5 ', '+0.5', '5.0'],
    ['.5', '0.25', '0.25'],
    ['5', '-1.5', '6.5'],
  ])('%s − %s = %s, exactly', (a, b, expected) => {
    expect(decimalDifference(a, b)).toBe(expected);
  });

  it.each([['abc'], [''], ['.'], ['1e3'], ['1,5'], ['1.2.3'], ['NaN'], ['Infinity']])('is null for %j, which is not plain decimal text', (bad) => {
    expect(decimalDifference('19.99', bad)).toBeNull();
    expect(decimalDifference(bad, '1')).toBeNull();
  });
});

describe('orderMargin', () => {
  const pricing = { price: '19.99', currency: 'USD' };
  const open = (charge: string | null, currency: string | null) => ({ charge, currency, state: 'open' as const });

  it('is the price minus the charge, in the price currency, when the provider charges in the same currency (any case)', () => {
    expect(orderMargin(pricing, open('0.27819', 'usd'), 0)).toEqual({ amount: '19.71181', currency: 'USD' });
    expect(orderMargin(pricing, open('25.00', 'USD'), 0)).toEqual({ amount: '-5.01', currency: 'USD' });
  });

  it('is null without a fulfilment, an unknown charge or currency, another currency, or an unreadable charge', () => {
    expect(orderMargin(pricing, null, 0)).toBeNull();
    expect(orderMargin(pricing, open(null, 'USD'), 0)).toBeNull();
    expect(orderMargin(pricing, open('1.00', null), 0)).toBeNull();
    expect(orderMargin(pricing, open('1.00', 'INR'), 0)).toBeNull();
    expect(orderMargin(pricing, open('free', 'USD'), 0)).toBeNull();
  });

  it('subtracts what was refunded: price − refunded − charge, exactly', () => {
    expect(orderMargin(pricing, { charge: '0.27819', currency: 'USD', state: 'done' }, 2, '3.13')).toEqual({ amount: '16.58181', currency: 'USD' });
  });

  it('counts no upstream cost for an order the provider Canceled or Refunded, or one cancelled before it was placed', () => {
    // The provider gives the charge back on Canceled: a fully refunded cancelled order earned nothing and cost nothing.
    expect(orderMargin(pricing, { charge: '0.27819', currency: 'USD', state: 'done' }, 3, '19.99')).toEqual({ amount: '0.00', currency: 'USD' });
    expect(orderMargin(pricing, { charge: '0.27819', currency: 'USD', state: 'done' }, 4, null)).toEqual({ amount: '19.99', currency: 'USD' });
    expect(orderMargin(pricing, { charge: null, currency: null, state: 'canceled' }, 3, '19.99')).toEqual({ amount: '0.00', currency: 'USD' });
  });
});

describe('a Partial order costs what was delivered (docs/fulfilment.md)', () => {
  const pricing = { price: '19.99', currency: 'USD' };
  const partial = (charge: string, quantity: number, remains: number | null) => ({ charge, currency: 'USD', state: 'done' as const, quantity, remains });

  it('counts charge × delivered / quantity and marks the margin an estimate', () => {
    // 588 of 1,000 delivered: 0.588 of 2.00.
    expect(orderMargin(pricing, partial('2.00', 1000, 412), 2)).toEqual({ amount: '18.81', currency: 'USD', estimated: true });
    // Rounded half away from zero to the charge's digits: 0.27819 × 1/3 = 0.09273.
    expect(orderMargin(pricing, partial('0.27819', 3, 2), 2)).toEqual({ amount: '19.89727', currency: 'USD', estimated: true });
    // With a refund of the undelivered share.
    expect(orderMargin(pricing, partial('2.00', 1000, 412), 2, '8.24')).toEqual({ amount: '10.57', currency: 'USD', estimated: true });
  });

  it('keeps the full charge, not estimated, when the remains cannot say what was delivered, and on every other status', () => {
    expect(orderMargin(pricing, partial('2.00', 1000, null), 2)).toEqual({ amount: '17.99', currency: 'USD' });
    expect(orderMargin(pricing, partial('2.00', 1000, 1001), 2)).toEqual({ amount: '17.99', currency: 'USD' });
    expect(orderMargin(pricing, partial('2.00', 0, 0), 2)).toEqual({ amount: '17.99', currency: 'USD' });
    expect(orderMargin(pricing, partial('2.00', 1000, 0), 1)).toEqual({ amount: '17.99', currency: 'USD' });
    expect(orderMargin(pricing, { charge: '2.00', currency: 'USD', state: 'open' as const }, 2)).toEqual({ amount: '17.99', currency: 'USD' });
  });
});

describe('deliveredShareOf', () => {
  it.each([
    ['2.00', 1000, 412, '1.18'],
    ['2.00', 1000, 0, '2.00'],
    ['2.00', 1000, 1000, '0.00'],
    ['0.27819', 3, 2, '0.09273'],
    ['5', 3, 1, '3.33'],
  ])('%s for %i ordered with %i remaining is %s', (charge, quantity, remains, share) => {
    expect(deliveredShareOf(charge, quantity, remains)).toBe(share);
  });

  it('is null when nothing can be said', () => {
    expect(deliveredShareOf('2.00', 1000, null)).toBeNull();
    expect(deliveredShareOf('2.00', 1000, -1)).toBeNull();
    expect(deliveredShareOf('2.00', 0, 0)).toBeNull();
    expect(deliveredShareOf('abc', 1000, 10)).toBeNull();
  });
});
