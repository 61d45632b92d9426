import { Suspense, lazy, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Spinner } from '@growth/kit';
import type { RemotePageId } from '@growth/kit/routes';
import { RemoteErrorBoundary, RemoteLoadFailed } from './RemoteErrorBoundary';
import { useRemotes } from './RemotesState';

/** `<remote>/<ExposedComponent>`, e.g. 'storefront/Home'. */
export type RemoteId = RemotePageId;

type RouteComponent = ComponentType<Record<string, never>>;

/**
 * One lazy component per remote module, created on first render (React.lazy loads nothing until
 * then, so nothing is preloaded) and kept so that going back to a page does not suspend again.
 */
const lazyPages = new Map<RemoteId, LazyExoticComponent<RouteComponent>>();

function lazyPage(id: RemoteId): LazyExoticComponent<RouteComponent> {
  let page = lazyPages.get(id);
  if (!page) {
    page = lazy(async () => {
      const module = await loadRemote<{ default?: RouteComponent }>(id);
      if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
      return { default: module.default };
    });
    lazyPages.set(id, page);
  }
  return page;
}

/**
 * Mounts a route component exposed by a remote, with a spinner while it (or the runtime config
 * naming where it lives) loads, and a retry on failure, inside the layout.
 */
export function RemotePage({ id }: { id: RemoteId }) {
  const remotes = useRemotes();
  if (remotes.status === 'loading') return <Spinner label="Loading page…" />;
  if (remotes.status === 'failed') return <RemoteLoadFailed onRetry={remotes.retry} />;
  return <LoadedRemotePage id={id} />;
}

function LoadedRemotePage({ id }: { id: RemoteId }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    lazyPages.delete(id); // React.lazy remembers a rejection: build a fresh one
    setAttempt((n) => n + 1);
  }, [id]);
  const Page = lazyPage(id);

  return (
    <RemoteErrorBoundary key={`${id}#${attempt}`} onRetry={retry}>
      <Suspense fallback={<Spinner label="Loading page…" />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
