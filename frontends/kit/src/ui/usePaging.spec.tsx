import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { pageCount, pageOf, usePaging } from './usePaging';

function inAddress(path: string) {
  const memory = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {children}
    </Router>
  );
  return { memory, wrapper };
}

describe('pageOf', () => {
  it('reads a whole page number of 1 or more, else 1', () => {
    expect(pageOf('?page=3&q=ann')).toBe(3);
    expect(pageOf('')).toBe(1);
    for (const garbled of ['?page=0', '?page=-2', '?page=2.5', '?page=abc', '?page=1e3', '?page=99999999999999999999']) {
      expect(pageOf(garbled)).toBe(1);
    }
  });
});

describe('pageCount', () => {
  it("takes the server's page count, else counts from the total", () => {
    expect(pageCount(4, 100, 10)).toBe(4);
    expect(pageCount(undefined, 21, 10)).toBe(3);
    expect(pageCount(undefined, 0, 10)).toBe(1);
    expect(pageCount(0, undefined, 10)).toBe(1);
    expect(pageCount(undefined, undefined, 10)).toBeNull();
  });
});

describe('usePaging', () => {
  it('moves the page in the address, keeping its other keys; page 1 leaves no page key', () => {
    const { memory, wrapper } = inAddress('/admin/client?q=ann');
    const { result } = renderHook(() => usePaging(3), { wrapper });
    expect(result.current.page).toBe(1);
    act(() => result.current.goTo(2));
    expect(result.current.page).toBe(2);
    act(() => result.current.goTo(1));
    expect(memory.history).toEqual(['/admin/client?q=ann', '/admin/client?q=ann&page=2', '/admin/client?q=ann']);
  });

  it('keeps the last page count while the next page loads', () => {
    const { wrapper } = inAddress('/list');
    const { result, rerender } = renderHook(({ answered }: { answered: number | null }) => usePaging(answered), {
      wrapper,
      initialProps: { answered: null as number | null },
    });
    expect(result.current.lastPage).toBeNull();
    rerender({ answered: 4 });
    expect(result.current.lastPage).toBe(4);
    rerender({ answered: null });
    expect(result.current.lastPage).toBe(4);
  });

  it('replaces an address past the last page by the last page, without a new history entry', () => {
    const { memory, wrapper } = inAddress('/list?page=9');
    const { result } = renderHook(() => usePaging(2), { wrapper });
    expect(memory.history).toEqual(['/list?page=2']);
    expect(result.current.page).toBe(2);
    expect(result.current.clamping).toBe(false);
  });

  it('says nothing about the end while a page loads', () => {
    const { memory, wrapper } = inAddress('/list?page=9');
    const { result } = renderHook(() => usePaging(null), { wrapper });
    expect(result.current.clamping).toBe(false);
    expect(memory.history).toEqual(['/list?page=9']);
  });
});
