import { useCallback, useEffect, useState } from 'react';
import { adminApi, type Service } from '@growth/kit';

export type ServiceListState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'loaded'; services: Service[] };

/** The dashboard's services: GET /services/getAll, page 1, limit 100 (docs/product.md#api). */
export function useServiceList() {
  const [state, setState] = useState<ServiceListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    adminApi
      .get<{ data?: Service[] }>('/services/getAll', { query: { page: 1, limit: 100 }, signal: controller.signal })
      .then((answer) => setState({ status: 'loaded', services: answer.data ?? [] }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const remove = useCallback((serviceId: string) => {
    setState((current) => (current.status === 'loaded' ? { status: 'loaded', services: current.services.filter((s) => s.serviceId !== serviceId) } : current));
  }, []);

  return { state, reload, remove };
}
