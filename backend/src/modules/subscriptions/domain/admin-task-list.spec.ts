import { AppError } from '../../../platform/errors/app-error';
import { adminPaging } from '../../../platform/http/admin-paging';
import { adminTaskQuery, encodeTaskCursor } from './admin-task-list';

describe('admin task list query', () => {
  it('defaults to page 1 of 10, newest first, no filter (docs/product.md#limits)', () => {
    expect(adminTaskQuery({})).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('keeps what was asked, trims the search and drops a blank one', () => {
    expect(adminTaskQuery({ page: 3, limit: 100, sortBy: 'planName', sortOrder: 'asc', status: 1, q: '  Ann@Example ' })).toEqual({
      page: 3,
      limit: 100,
      sortBy: 'planName',
      sortOrder: 'asc',
      status: 1,
      q: 'Ann@Example',
    });
    expect(adminTaskQuery({ q: '   ' })).not.toHaveProperty('q');
    expect(adminTaskQuery({ status: 0 }).status).toBe(0);
    expect(adminTaskQuery({ status: 7 }).status).toBe(7);
    expect(adminTaskQuery({ fulfilment: 'needs_review', status: 0 })).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      status: 0,
      fulfilment: 'needs_review',
    });
  });

  it.each([
    [{ page: 0 }],
    [{ page: 1.5 }],
    [{ page: 1_000_001 }],
    [{ limit: 7 }],
    [{ limit: 25 }],
    [{ sortBy: 'password' as never }],
    [{ sortOrder: 'sideways' as never }],
    [{ status: 0.5 }],
    [{ status: 40000 }],
    [{ fulfilment: 'open' as never }],
    [{ q: 'x'.repeat(255) }],
  ])('refuses %j', (input) => {
    expect(() => adminTaskQuery(input)).toThrow(AppError);
  });
});

describe('admin paging meta', () => {
  it('counts pages (at least 1) and says where the page stands', () => {
    expect(adminPaging(0, 1, 10, false)).toEqual({ total: 0, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false });
    expect(adminPaging(25, 2, 10, true)).toEqual({ total: 25, page: 2, limit: 10, pages: 3, hasNext: true, hasPrev: true });
    expect(adminPaging(25, 9, 10, false)).toEqual({ total: 25, page: 9, limit: 10, pages: 3, hasNext: false, hasPrev: true });
  });

  it('reads a cursor it handed out back to the row key, for Previous/Next by keyset', () => {
    const key = { planName: 'YouTube', createdAtMicros: '1738404000123456', subscriptionId: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10' };
    const byPlan = encodeTaskCursor({ sortBy: 'planName', sortOrder: 'asc' }, key);
    expect(adminTaskQuery({ page: 2, sortBy: 'planName', sortOrder: 'asc', after: byPlan }).keyset).toEqual({ direction: 'after', key });
    const byTime = encodeTaskCursor({ sortBy: 'createdAt', sortOrder: 'desc' }, key);
    expect(adminTaskQuery({ page: 1, before: byTime }).keyset).toEqual({ direction: 'before', key: { ...key, planName: null } });
    // Another sort's cursor names a place in another order.
    expect(() => adminTaskQuery({ page: 2, sortOrder: 'asc', after: byTime })).toThrow(AppError);
    expect(() => adminTaskQuery({ page: 2, after: byTime, before: byTime })).toThrow('Send after or before, not both');
  });
});
