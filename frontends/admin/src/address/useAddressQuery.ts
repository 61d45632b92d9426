import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export type AddressPatch = Record<string, string | number | null | undefined>;

export interface AddressQuery {
  /** The address's query (`?page=2&q=ann`). */
  params: URLSearchParams;
  /**
   * Sets the given keys (null, undefined or '' removes one) and keeps the others. A new entry in
   * the history by default, so Back returns to the previous page or filter; `replace` for fixes.
   */
  update(patch: AddressPatch, options?: { replace?: boolean }): void;
}

/**
 * A list's state kept in the address (docs/product.md#screens-and-routes: page and q on /admin/client), so reload, Back and a
 * shared link show the same page, search and filters.
 */
export function useAddressQuery(): AddressQuery {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);

  const update = useCallback(
    (patch: AddressPatch, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      if (query === search.replace(/^\?/, '')) return;
      navigate(query ? `${location}?${query}` : location, { replace: options.replace });
    },
    [location, navigate, search],
  );

  return { params, update };
}

/** A whole number ≥ 1 from the address, else `fallback` (a missing, negative or garbled value). */
export function positiveInt(value: string | null, fallback = 1): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
}

/** The value when it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The search text of the address, trimmed ('' when none). */
export function searchText(value: string | null): string {
  return (value ?? '').trim();
}
