import { pageCount, pageMeta } from './paging';

describe('paging arithmetic', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(1000, 100)).toBe(10);
  });

  it('builds the customer lists meta', () => {
    expect(pageMeta(25, 3, 10)).toEqual({ total: 25, page: 3, perPage: 10, lastPage: 3 });
    expect(pageMeta(0, 1, 10)).toEqual({ total: 0, page: 1, perPage: 10, lastPage: 1 });
  });
});
