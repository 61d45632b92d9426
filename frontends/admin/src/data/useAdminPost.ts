import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '@growth/kit';

export type Loadable<T> =
  /** `previous`: the last answer, kept while the next one loads (the pager keeps its page count). */
  { status: 'loading'; previous: T | null } | { status: 'failed'; error: unknown } | { status: 'loaded'; data: T };

export interface AdminPost<T> {
  state: Loadable<T>;
  /** Asks again with the same body. */
  retry(): void;
  /** Changes the loaded answer in place (e.g. one row after a status change). */
  update(change: (data: T) => T): void;
}

/**
 * POST `path` with `body` through kit's adminApi (the admin token) whenever the body changes
 * (compared as JSON); `body` null asks nothing and stays loading. A superseded request is
 * aborted, so a slow old page never overwrites a newer one.
 */
export function useAdminPost<T>(path: string, body: object | null): AdminPost<T> {
  return useAdminRequest<T>('POST', path, body);
}

/** The same for a GET: `query` becomes the query string (null asks nothing and stays loading). */
export function useAdminGet<T>(path: string, query: Record<string, string | number> | null): AdminPost<T> {
  return useAdminRequest<T>('GET', path, query);
}

function useAdminRequest<T>(method: 'GET' | 'POST', path: string, payload: object | null): AdminPost<T> {
  const key = payload === null ? null : JSON.stringify(payload);
  const [state, setState] = useState<Loadable<T>>({ status: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);
  const last = useRef<T | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    setState({ status: 'loading', previous: last.current });
    const sent = JSON.parse(key) as Record<string, string | number>;
    const call = method === 'GET' ? adminApi.get<T>(path, { query: sent, signal: controller.signal }) : adminApi.post<T>(path, sent, { signal: controller.signal });
    call
      .then((data) => {
        last.current = data;
        setState({ status: 'loaded', data });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      });
    return () => controller.abort();
  }, [method, path, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((current) => {
      if (current.status !== 'loaded') return current;
      const data = change(current.data);
      last.current = data;
      return { status: 'loaded', data };
    });
  }, []);

  return { state, retry, update };
}
