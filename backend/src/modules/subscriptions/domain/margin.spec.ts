import { decimalDifference, orderMargin } from './margin';

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
