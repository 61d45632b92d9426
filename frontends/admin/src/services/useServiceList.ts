import { useCallback, useEffect, useState } from 'react';
import { adminApi, type ListAnswer, type AdminService } from '@growth/kit';

export type ServiceListState = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'loaded'; services: AdminService[] };

/**
 * The dashboard's services: POST /services/listForAdmin, page 1, limit 100: every service, listed
 * in the shop or not, with why a hidden one is hidden (the public GET /services/getAll lists only
 * the services that can be bought).
 */
export function useServiceList() {
  const [state, setState] = useState<ServiceListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    adminApi
      .post<ListAnswer<AdminService>>('/services/listForAdmin', { page: 1, limit: 100 }, { signal: controller.signal })
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
