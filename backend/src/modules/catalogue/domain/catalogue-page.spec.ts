import { AppError } from '../../../platform/errors/app-error';
import { catalogueQuery, MAX_PER_PAGE, pageMeta } from './catalogue-page';

describe('catalogueQuery', () => {
  it('defaults to page 1, 10 per page, no search', () => {
    expect(catalogueQuery({})).toEqual({ page: 1, perPage: 10, search: '' });
  });

  it('clamps a larger limit to 100 instead of refusing it', () => {
    expect(catalogueQuery({ limit: 1000 }).perPage).toBe(MAX_PER_PAGE);
    expect(catalogueQuery({ limit: 100 }).perPage).toBe(100);
    expect(catalogueQuery({ limit: 7 }).perPage).toBe(7);
  });

  it('trims the search text', () => {
    expect(catalogueQuery({ search: '  Tik ' }).search).toBe('Tik');
    expect(catalogueQuery({ search: '   ' }).search).toBe('');
  });

  it.each([
    ['page', { page: 0 }],
    ['page', { page: -1 }],
    ['page', { page: 1.5 }],
    ['page', { page: Number.NaN }],
    ['limit', { limit: 0 }],
    ['limit', { limit: -5 }],
  ])('refuses a bad %s as invalid input naming the field', (field, input) => {
    let error: unknown;
    try {
      catalogueQuery(input);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('invalid');
    expect((error as AppError).message).toBe(`${field} must be a positive integer`);
  });
});

describe('pageMeta', () => {
  it('counts the last page, and calls an empty result one page', () => {
    expect(pageMeta(8, 1, 3)).toEqual({ total: 8, page: 1, perPage: 3, lastPage: 3 });
    expect(pageMeta(9, 2, 3)).toEqual({ total: 9, page: 2, perPage: 3, lastPage: 3 });
    expect(pageMeta(0, 1, 10)).toEqual({ total: 0, page: 1, perPage: 10, lastPage: 1 });
  });
});
