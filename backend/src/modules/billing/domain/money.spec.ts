import { PLAN_SEEDS } from '../../plans/adapters/persistence/seed/plans.seed';
import { InvalidPriceError, MAX_ORDER_AMOUNT, formatMinorUnits, minorUnitExponent, minorUnitsOf } from './money';

/** Cents of a plain decimal text by integer arithmetic on its digits: "19.9" → 19 * 100 + 90. */
function centsByDigits(price: string): number {
  const [whole, fraction = ''] = price.split('.');
  expect(fraction.length).toBeLessThanOrEqual(2);
  return Number(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')));
}

/** Runs `parse` and returns the InvalidPriceError it threw (fails the spec if it threw nothing or something else). */
function refusal(parse: () => unknown): InvalidPriceError {
  let thrown: unknown = null;
  try {
    parse();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(InvalidPriceError);
  return thrown as InvalidPriceError;
}

describe('minorUnitsOf', () => {
  const seeded = PLAN_SEEDS.flatMap((plan) => plan.tiers.map((tier) => [plan.platform, tier.name, tier.price] as const));

  it('has seeded tiers to check (8 platforms, 3 tiers each)', () => {
    expect(seeded).toHaveLength(24);
  });

  it.each(seeded)('parses the seeded price of %s %s (%s) to its exact cents', (_platform, _tier, price) => {
    const cents = centsByDigits(price);
    expect(minorUnitsOf(price)).toBe(cents);
    expect(minorUnitsOf(price, 'USD')).toBe(cents);
  });

  it.each([
    ['$1,299.00', 129900],
    ['19.9', 1990],
    ['19.99', 1999],
    ['USD 5', 500],
    ['0.10', 10],
    ['  24.99  ', 2499],
    ['1,000,000', 100000000],
    ['US$5.5', 550],
    ['€12', 1200],
    ['0.01', 1],
    ['99999999.99', MAX_ORDER_AMOUNT],
  ])('parses %j as %i minor units', (price, cents) => {
    expect(minorUnitsOf(price)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    'abc',
    '1.2.3',
    '-5',
    '0',
    '0.00',
    '1e3',
    '12.345',
    '1,23',
    '12 34',
    'NaN',
    'Infinity',
    '-Infinity',
    '$',
    '5.',
    '.5',
    '+5',
    '0x10',
    '1,2345',
    '12,34.00',
    'USD 5 USD 6',
    '100000000.00',
    '9'.repeat(30),
  ])('refuses %j with InvalidPriceError', (price) => {
    const error = refusal(() => minorUnitsOf(price));
    expect(error.price).toBe(price);
    expect(error.name).toBe('InvalidPriceError');
    expect(error.message).toBe(`"${price}" is not a price`);
  });

  it('refuses the smallest amount beyond MAX_ORDER_AMOUNT and accepts MAX_ORDER_AMOUNT itself', () => {
    expect(minorUnitsOf(formatMinorUnits(MAX_ORDER_AMOUNT, 'USD'))).toBe(MAX_ORDER_AMOUNT);
    refusal(() => minorUnitsOf(formatMinorUnits(MAX_ORDER_AMOUNT + 1, 'USD')));
  });

  describe('in a currency without minor units (JPY, exponent 0)', () => {
    it('has exponent 0, in any letter case; USD has 2', () => {
      expect(minorUnitExponent('JPY')).toBe(0);
      expect(minorUnitExponent('jpy')).toBe(0);
      expect(minorUnitExponent('USD')).toBe(2);
    });

    it.each([
      ['1500', 1500],
      ['¥1,500', 1500],
      ['JPY 1500', 1500],
    ])('parses %j as %i yen', (price, yen) => {
      expect(minorUnitsOf(price, 'JPY')).toBe(yen);
    });

    it.each(['15.5', '1500.0', '0'])('refuses %j', (price) => {
      refusal(() => minorUnitsOf(price, 'JPY'));
    });
  });
});

describe('formatMinorUnits', () => {
  it.each([
    [1999, 'USD', '19.99'],
    [1990, 'USD', '19.90'],
    [10, 'USD', '0.10'],
    [5, 'USD', '0.05'],
    [129900, 'USD', '1299.00'],
    [1500, 'JPY', '1500'],
  ])('formats %i %s as %j', (amount, currency, text) => {
    expect(formatMinorUnits(amount, currency)).toBe(text);
  });

  it.each([1, 9, 10, 99, 100, 101, 1999, 4999, 123456, MAX_ORDER_AMOUNT])('round trips %i USD through minorUnitsOf', (amount) => {
    expect(minorUnitsOf(formatMinorUnits(amount, 'USD'), 'USD')).toBe(amount);
  });

  it.each([1, 1500, 999999])('round trips %i JPY through minorUnitsOf', (amount) => {
    expect(minorUnitsOf(formatMinorUnits(amount, 'JPY'), 'JPY')).toBe(amount);
  });

  it('round trips every seeded price back to its text', () => {
    for (const plan of PLAN_SEEDS) {
      for (const tier of plan.tiers) expect(formatMinorUnits(minorUnitsOf(tier.price), 'USD')).toBe(tier.price);
    }
  });
});
