import { useCallback, useEffect, useState } from 'react';
import { api, errorText, type ListAnswer, type Service } from '@growth/kit';

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
  const [state, setState] = useState<ServiceListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
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
