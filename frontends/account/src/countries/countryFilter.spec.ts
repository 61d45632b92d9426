import type { Country } from '@growth/kit';
import { countryMatches, displayCallingCode, usFirst } from './countryFilter';

const c = (code: string, name: string, calling: string): Country => ({ _id: code, flag: '', countryName: name, countryCode: code, callingCode: calling });
const countries = [c('DE', 'Germany', '+49'), c('GB', 'United Kingdom', '+44'), c('US', 'United States', '+1'), c('BM', 'Bermuda', '+1-441')];
const names = (query: string) => countries.filter((x) => countryMatches(x, query)).map((x) => x.countryCode);

describe('countryMatches (docs/product.md#validation)', () => {
  it('is case-insensitive on the country name, anywhere in it', () => {
    expect(names('GERM')).toEqual(['DE']);
    expect(names('united')).toEqual(['GB', 'US']);
  });

  it('matches the country code', () => {
    expect(names('gb')).toEqual(['GB']);
  });

  it('matches the calling code with or without a leading +', () => {
    expect(names('+44')).toEqual(['GB']);
    expect(names('44')).toEqual(['GB']);
    expect(names(' +1')).toEqual(['US', 'BM']);
  });

  it('an empty query keeps everything', () => {
    expect(names('  ')).toHaveLength(4);
  });
});

describe('calling codes', () => {
  it('puts the US first', () => {
    expect(usFirst(countries).map((x) => x.countryCode)).toEqual(['US', 'DE', 'GB', 'BM']);
  });

  it('shows one leading +', () => {
    expect([displayCallingCode('+44'), displayCallingCode('49'), displayCallingCode('')]).toEqual(['+44', '+49', '']);
  });
});
