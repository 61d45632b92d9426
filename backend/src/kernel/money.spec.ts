import { PLAN_SEEDS } from '../modules/plans/adapters/persistence/seed/plans.seed';
import {
  InvalidPriceError,
  MAX_ORDER_AMOUNT,
  MINOR_UNIT_EXPONENTS,
  UnsupportedCurrencyError,
  amountInMinorUnits,
  formatMinorUnits,
  isGatewayCurrency,
  maxPriceText,
  minorUnitExponent,
  minorUnitsOf,
} from './money';

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
    expect(minorUnitsOf(price, 'USD')).toBe(cents);
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
    const error = refusal(() => minorUnitsOf(price, 'USD'));
    expect(error.price).toBe(price);
    expect(error.name).toBe('InvalidPriceError');
    expect(error.message).toBe(`"${price}" is not a price`);
  });

  it('refuses the smallest amount beyond MAX_ORDER_AMOUNT and accepts MAX_ORDER_AMOUNT itself', () => {
    expect(minorUnitsOf(formatMinorUnits(MAX_ORDER_AMOUNT, 'USD'), 'USD')).toBe(MAX_ORDER_AMOUNT);
    refusal(() => minorUnitsOf(formatMinorUnits(MAX_ORDER_AMOUNT + 1, 'USD'), 'USD'));
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
      for (const tier of plan.tiers) expect(formatMinorUnits(minorUnitsOf(tier.price, 'USD'), 'USD')).toBe(tier.price);
    }
  });
});

describe('MINOR_UNIT_EXPONENTS (ISO 4217, the currencies Razorpay takes)', () => {
  const THREE_DECIMALS = ['BHD', 'IQD', 'JOD', 'KWD', 'OMR', 'TND'];
  const ZERO_DECIMALS = ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];

  it("holds every currency of Razorpay's list with its exponent: three decimals, none, and two for the rest", () => {
    expect(Object.keys(MINOR_UNIT_EXPONENTS)).toHaveLength(128);
    for (const code of THREE_DECIMALS) expect([code, minorUnitExponent(code)]).toEqual([code, 3]);
    for (const code of ZERO_DECIMALS) expect([code, minorUnitExponent(code)]).toEqual([code, 0]);
    const rest = Object.keys(MINOR_UNIT_EXPONENTS).filter((code) => !THREE_DECIMALS.includes(code) && !ZERO_DECIMALS.includes(code));
    for (const code of rest) expect([code, minorUnitExponent(code)]).toEqual([code, 2]);
    for (const code of ['USD', 'EUR', 'INR', 'GBP', 'AED', 'HUF', 'IDR']) expect(rest).toContain(code);
    expect(Object.isFrozen(MINOR_UNIT_EXPONENTS)).toBe(true);
  });

  it('agrees with Intl except where CLDR departs from ISO 4217 (which is why nothing may ask Intl)', () => {
    const departures = Object.entries(MINOR_UNIT_EXPONENTS)
      .filter(([code, exponent]) => new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits !== exponent)
      .map(([code]) => code);
    expect(departures).toEqual(['ALL', 'COP', 'HUF', 'IDR', 'IQD', 'LAK', 'MGA', 'MMK', 'PKR', 'SLL', 'SOS', 'YER']);
  });

  it.each(['ZZZ', 'XAU', 'XAG', 'XTS', 'XXX', 'XDR', 'BOV', 'USN', 'ZWL', 'VES', 'US', 'USDX', '', 'constructor', 'toString', '__proto__'])(
    'does not take %j: no exponent, no amount, no format',
    (code) => {
      expect(isGatewayCurrency(code)).toBe(false);
      expect(() => minorUnitExponent(code)).toThrow(UnsupportedCurrencyError);
      expect(() => minorUnitsOf('19.99', code)).toThrow(UnsupportedCurrencyError);
      expect(() => formatMinorUnits(1999, code)).toThrow(UnsupportedCurrencyError);
    },
  );

  it('reads any letter case and surrounding spaces', () => {
    expect(isGatewayCurrency(' kwd ')).toBe(true);
    expect(minorUnitExponent('kwd')).toBe(3);
  });
});

describe('three-decimal currencies (KWD, BHD, OMR, JOD, TND, IQD): thousandths, never cents', () => {
  it.each(['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'IQD'])('a plan price of 19.99 %s is 19990 minor units, shown as 19.990', (currency) => {
    expect(minorUnitsOf('19.99', currency)).toBe(19990);
    expect(formatMinorUnits(19990, currency)).toBe('19.990');
    expect(minorUnitsOf(formatMinorUnits(19990, currency), currency)).toBe(19990);
  });

  it("takes Razorpay's own examples: 295.991 KWD is 295991 (the checkout's last digit 0 rule is for prices: 295.99 → 295990)", () => {
    expect(minorUnitsOf('295.991', 'KWD')).toBe(295991);
    expect(minorUnitsOf('295.99', 'KWD')).toBe(295990);
    expect(minorUnitsOf('99.999', 'KWD')).toBe(99999);
  });

  it('refuses a fourth decimal, and reads staff amounts in thousandths', () => {
    refusal(() => minorUnitsOf('1.2345', 'KWD'));
    expect(amountInMinorUnits('7.851', 'KWD')).toBe(7851);
    expect(amountInMinorUnits('7.85', 'KWD')).toBe(7850);
    expect(amountInMinorUnits('7.851', 'USD')).toBeNull();
  });

  it('formats amounts below one unit and negative differences with their zeros', () => {
    expect(formatMinorUnits(5, 'KWD')).toBe('0.005');
    expect(formatMinorUnits(-1250, 'KWD')).toBe('-1.250');
    expect(formatMinorUnits(-5, 'USD')).toBe('-0.05');
  });
});

describe('maxPriceText', () => {
  it('is the highest two-decimal price one order can carry in the currency', () => {
    expect(maxPriceText('USD')).toBe('99999999.99');
    expect(maxPriceText('KWD')).toBe('9999999.99');
    expect(minorUnitsOf(maxPriceText('KWD'), 'KWD')).toBeLessThanOrEqual(MAX_ORDER_AMOUNT);
    expect(maxPriceText('JPY')).toBe('9999999999');
  });
});
