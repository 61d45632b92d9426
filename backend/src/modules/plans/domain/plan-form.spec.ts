import { appErrorOf } from '../../../../test/support/app-error';
import { planSlugOf } from './plan';
import { cleanFeatures, newPlanOf, normalisePrice, planChangesOf, PRICE_MESSAGE, tierFormOf } from './plan-form';

const failure = appErrorOf;

const tier = { name: 'Starter', price: '9.99', description: 'First steps', features: ['100 followers'], isPopular: false };

describe('normalisePrice', () => {
  it.each([
    ['19.9', '19.90'],
    ['19.99', '19.99'],
    ['5', '5.00'],
    ['5.', null],
    ['0.5', '0.50'],
    ['0.01', '0.01'],
    ['007.5', '7.50'],
    [' 12.30 ', '12.30'],
    ['99999999.99', '99999999.99'],
  ])('%j → %j', (input, output) => {
    if (output === null) expect(failure(() => normalisePrice(input)).message).toBe(PRICE_MESSAGE);
    else expect(normalisePrice(input)).toBe(output);
  });

  it.each(['0', '0.00', '-5', '+5', '19.999', '1e3', '1,299.00', '$19.99', 'USD 5', '', 'abc', '19.9.9', 'Infinity', 'NaN', '.5'])('refuses %j', (input) => {
    expect(failure(() => normalisePrice(input))).toMatchObject({ kind: 'invalid', message: PRICE_MESSAGE });
  });

  it('refuses more than a payment order can carry', () => {
    expect(failure(() => normalisePrice('100000000.00')).message).toBe('price must be at most 99999999.99');
  });
});

describe('cleanFeatures', () => {
  it('trims every line, drops blank ones and keeps the order', () => {
    expect(cleanFeatures(['  1,000 views ', '', '   ', '\t24/7 support\t', 'Refill guarantee'])).toEqual(['1,000 views', '24/7 support', 'Refill guarantee']);
    expect(cleanFeatures([])).toEqual([]);
    expect(cleanFeatures([' ', ''])).toEqual([]);
  });

  it('refuses too many or too long lines', () => {
    expect(failure(() => cleanFeatures(Array.from({ length: 31 }, (_, i) => `f${i}`))).message).toBe('features must hold at most 30 lines');
    expect(failure(() => cleanFeatures(['x'.repeat(201)])).message).toBe('Each feature must be at most 200 characters.');
  });
});

describe('tierFormOf', () => {
  it('normalises the price, cleans the features, keeps isPopular as sent', () => {
    expect(tierFormOf({ name: ' Growth ', price: '49.9', features: ['a', ' '], isPopular: true })).toEqual({
      name: 'Growth',
      price: '49.90',
      description: '',
      features: ['a'],
      isPopular: true,
    });
  });

  it('needs a name', () => {
    expect(failure(() => tierFormOf({ ...tier, name: '  ' })).message).toBe('Every pricing tier needs a name.');
  });
});

describe('planSlugOf', () => {
  it.each([
    ['YouTube', 'youtube'],
    [' TikTok ', 'tiktok'],
    ['X', 'x'],
    ['Google Business', 'google-business'],
    ['X (Twitter)', 'x-twitter'],
    ['***', ''],
  ])('%j → %j', (platform, slug) => {
    expect(planSlugOf(platform)).toBe(slug);
  });
});

describe('newPlanOf', () => {
  it('takes the platform from the name when none is given, USD by default', () => {
    expect(newPlanOf({ name: ' Spotify ', status: 'Pending', pricing: [tier] })).toMatchObject({
      name: 'Spotify',
      platform: 'Spotify',
      slug: 'spotify',
      status: 'Pending',
      currency: 'USD',
      tiers: [{ ...tier, price: '9.99' }],
    });
    expect(newPlanOf({ name: 'Spotify Growth', platform: 'Spotify', status: 'Active', currency: 'eur', pricing: [tier] })).toMatchObject({
      slug: 'spotify',
      currency: 'EUR',
    });
  });

  it.each([
    [{ name: ' ', status: 'Active', pricing: [tier] }, 'name is required'],
    [{ name: 'S', status: 'Live', pricing: [tier] }, 'status must be Active, Inactive or Pending'],
    [{ name: 'S', status: 'Active', pricing: [] }, 'At least one pricing tier is required.'],
    [{ name: 'S', platform: '!!', status: 'Active', pricing: [tier] }, 'platform must contain a letter or a digit'],
    [{ name: 'S', status: 'Active', currency: 'DOLLARS', pricing: [tier] }, 'currency must be a three-letter code such as USD'],
    [{ name: 'S', status: 'Active', currency: 'JPY', pricing: [tier] }, 'currency must have minor units: JPY has none'],
    [
      { name: 'S', status: 'Active', currency: 'ZZZ', pricing: [tier] },
      'currency must be one the payment gateway takes (ISO 4217, such as USD, EUR, INR or KWD): ZZZ is not',
    ],
    [
      { name: 'S', status: 'Active', currency: 'xau', pricing: [tier] },
      'currency must be one the payment gateway takes (ISO 4217, such as USD, EUR, INR or KWD): XAU is not',
    ],
    [
      { name: 'S', status: 'Active', currency: 'XTS', pricing: [tier] },
      'currency must be one the payment gateway takes (ISO 4217, such as USD, EUR, INR or KWD): XTS is not',
    ],
    [{ name: 'S', status: 'Active', currency: 'KWD', pricing: [{ ...tier, price: '10000000.00' }] }, 'price must be at most 9999999.99'],
  ])('refuses %j: %s', (input, message) => {
    expect(failure(() => newPlanOf(input)).message).toBe(message);
  });

  it('takes a three-decimal currency (KWD) with prices of at most two decimals, up to what one order may carry', () => {
    expect(
      newPlanOf({
        name: 'S',
        status: 'Active',
        currency: 'kwd',
        pricing: [
          { ...tier, price: '19.99' },
          { ...tier, price: '9999999.99' },
        ],
      }),
    ).toMatchObject({
      currency: 'KWD',
      tiers: [{ price: '19.99' }, { price: '9999999.99' }],
    });
    expect(failure(() => newPlanOf({ name: 'S', status: 'Active', currency: 'KWD', pricing: [{ ...tier, price: '19.999' }] })).message).toBe(PRICE_MESSAGE);
  });
});

describe('planChangesOf', () => {
  it('keeps the pricingId of tiers to update and refuses one listed twice', () => {
    const pricingId = '8d0b7c1e-5a8f-4f7e-9a41-3d2f1b0c6e55';
    expect(planChangesOf({ name: 'YouTube', status: 'Inactive', pricing: [{ ...tier, pricingId }, tier] }).tiers.map((t) => t.pricingId)).toEqual([pricingId, undefined]);
    expect(
      failure(() =>
        planChangesOf({
          name: 'YouTube',
          status: 'Active',
          pricing: [
            { ...tier, pricingId },
            { ...tier, pricingId },
          ],
        }),
      ).message,
    ).toBe('A pricing tier is listed twice.');
  });

  it("checks prices in the plan's currency, and refuses to save a plan whose currency the gateway does not take", () => {
    const changes = { name: 'YouTube', status: 'Active', pricing: [{ ...tier, price: '10000000' }] };
    expect(planChangesOf(changes, 'USD').tiers[0].price).toBe('10000000.00');
    expect(failure(() => planChangesOf(changes, 'KWD')).message).toBe('price must be at most 9999999.99');
    expect(failure(() => planChangesOf({ ...changes, pricing: [tier] }, 'ZZZ'))).toMatchObject({ code: 'invalid_currency' });
  });
});
