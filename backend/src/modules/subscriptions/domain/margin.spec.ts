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

  it('is the price minus the charge, in the price currency, when the provider charges in the same currency (any case)', () => {
    expect(orderMargin(pricing, { charge: '0.27819', currency: 'usd' })).toEqual({ amount: '19.71181', currency: 'USD' });
    expect(orderMargin(pricing, { charge: '25.00', currency: 'USD' })).toEqual({ amount: '-5.01', currency: 'USD' });
  });

  it('is null without a fulfilment, an unknown charge or currency, another currency, or an unreadable charge', () => {
    expect(orderMargin(pricing, null)).toBeNull();
    expect(orderMargin(pricing, { charge: null, currency: 'USD' })).toBeNull();
    expect(orderMargin(pricing, { charge: '1.00', currency: null })).toBeNull();
    expect(orderMargin(pricing, { charge: '1.00', currency: 'INR' })).toBeNull();
    expect(orderMargin(pricing, { charge: 'free', currency: 'USD' })).toBeNull();
  });
});
