import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText, pageAnswer, type ListAnswer, type Service } from '@growth/kit';

export type ServiceListState =
  | { status: 'loading' }
  /** `retry` asks again (an error is never a dead end). */
  | { status: 'error'; message: string; retry(): void }
  | { status: 'loaded'; services: Service[]; search: string };

/**
 * The first `limit` services matching `search` (server-side), for Home and the catalogue. A new
 * search keeps the list on screen until its answer arrives; a superseded request is aborted.
 */
export function useServiceList(limit: number, search = ''): ServiceListState {
  // A server-rendered page starts with the server's answer (kit's pageAnswer): hydration draws the same list.
  const [state, setState] = useState<ServiceListState>(() => {
    const body = search ? undefined : pageAnswer<ListAnswer<Service>>(`/api/services/getAll?page=1&limit=${limit}`);
    return body ? { status: 'loaded', services: (body.data ?? []).slice(0, limit), search } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const answered = useRef(state.status === 'loaded');

  useEffect(() => {
    if (answered.current) {
      answered.current = false; // the first list came with the page; a new search or a retry asks
      return undefined;
    }
    const controller = new AbortController();
    setState((current) => (current.status === 'loaded' ? current : { status: 'loading' }));
    api
      .get<ListAnswer<Service>>('/services/getAll', {
        query: { page: 1, limit, search }, // an empty search is left out of the URL
        signal: controller.signal,
      })
      .then((body) => setState({ status: 'loaded', services: (body.data ?? []).slice(0, limit), search }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: errorText(error), retry });
      });
    return () => controller.abort();
  }, [limit, search, attempt, retry]);

  return state;
}
