import { AppError } from '../../../platform/errors/app-error';
import { listOf, listPageQuery, pageMeta } from './subscription-list';
import type { SubscriptionStatus } from './subscription';

const USER = '11111111-1111-4111-8111-111111111111';

describe('subscription lists', () => {
  it('files Status 0 under active and every other Status under completed', () => {
    expect(listOf(0)).toBe('active');
    expect(([1, 2, 3, -1] as SubscriptionStatus[]).map(listOf)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('defaults to page 1 of 6 (docs/product.md#limits) and keeps what was asked', () => {
    expect(listPageQuery({ userId: USER, which: 'active' })).toEqual({ userId: USER, which: 'active', page: 1, perPage: 6 });
    expect(listPageQuery({ userId: USER, which: 'completed', page: 3, limit: 50 })).toEqual({ userId: USER, which: 'completed', page: 3, perPage: 50 });
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 60])('refuses page %p', (page) => {
    expect(() => listPageQuery({ userId: USER, which: 'active', page })).toThrow(new AppError('invalid', 'page must be a whole number of at least 1'));
  });

  it.each([0, 51, 2.5, Number.NaN])('refuses limit %p', (limit) => {
    expect(() => listPageQuery({ userId: USER, which: 'active', limit })).toThrow(new AppError('invalid', 'limit must be a whole number from 1 to 50'));
  });

  it('counts pages, at least one even when the list is empty', () => {
    expect(pageMeta(0, 1, 6)).toEqual({ total: 0, page: 1, perPage: 6, lastPage: 1 });
    expect(pageMeta(6, 1, 6).lastPage).toBe(1);
    expect(pageMeta(7, 2, 6).lastPage).toBe(2);
    expect(pageMeta(7, 9, 6)).toEqual({ total: 7, page: 9, perPage: 6, lastPage: 2 });
  });
});
