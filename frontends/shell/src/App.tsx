import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthProvider } from '@growth/kit';
import { Layout } from './layout/Layout';
import { AppRoutes } from './AppRoutes';
import { RemotesContext, type RemotesStatus } from './remotes/RemotesState';

/**
 * The shell: session, layout and routes render at once; `startRemotes` (the runtime config) runs
 * meanwhile, and a remote page shows a loading state until it is done, or a retry when it failed,
 * inside the layout (RemotePage).
 */
export function App({ startRemotes, started = false }: { startRemotes: () => Promise<void>; started?: boolean }) {
  // `started`: the remotes are registered and the page loaded already (a server-rendered page,
  // hydrated once its remote page is loaded, and the server's own render: docs/architecture.md#server-rendering).
  const [status, setStatus] = useState<RemotesStatus>(started ? 'ready' : 'loading');
  const running = useRef(false);

  const start = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setStatus('loading');
    startRemotes()
      .then(
        () => setStatus('ready'),
        (error: unknown) => {
          console.error('Start-up failed:', error);
          setStatus('failed');
        },
      )
      .finally(() => {
        running.current = false;
      });
  }, [startRemotes]);

  useEffect(() => {
    if (!started) start();
  }, [start, started]);
  const remotes = useMemo(() => ({ status, retry: start }), [status, start]);

  return (
    <AuthProvider>
      <RemotesContext.Provider value={remotes}>
        <Layout>
          <AppRoutes />
        </Layout>
      </RemotesContext.Provider>
    </AuthProvider>
  );
}
