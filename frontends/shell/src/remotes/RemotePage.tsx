import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Spinner } from '@growth/kit';
import type { RemotePageId } from '@growth/kit/routes';
import { RemoteErrorBoundary, RemoteLoadFailed } from './RemoteErrorBoundary';
import { useRemotes } from './RemotesState';

/** `<remote>/<ExposedComponent>`, e.g. 'storefront/Home'. */
export type RemoteId = RemotePageId;

type RouteComponent = ComponentType<Record<string, never>>;

/** Page components already loaded, so that going back to a page draws it at once. */
const loadedPages = new Map<RemoteId, RouteComponent>();

/** A page component known before the first render: the server's render, and the page a server-rendered page hydrates. */
export function rememberPage(id: RemoteId, page: ComponentType): void {
  loadedPages.set(id, page as RouteComponent);
}

export async function loadPage(id: RemoteId): Promise<RouteComponent> {
  const module = await loadRemote<{ default?: RouteComponent }>(id);
  if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
  loadedPages.set(id, module.default);
  return module.default;
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

/**
 * The page is drawn once its module is loaded, without Suspense: React holds back content that
 * replaces a Suspense fallback until 300 ms after the fallback appeared, which delayed every first
 * page by up to that much after its chunk had arrived (docs/operations.md#lighthouse).
 */
function LoadedRemotePage({ id }: { id: RemoteId }) {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ id: RemoteId; attempt: number; page?: RouteComponent }>();
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const cached = loadedPages.get(id);

  useEffect(() => {
    if (cached) return undefined;
    let live = true;
    loadPage(id).then(
      (page) => live && setOutcome({ id, attempt, page }),
      (error: unknown) => {
        console.error('A page failed to load:', error);
        if (live) setOutcome({ id, attempt });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt, cached]);

  const settled = outcome?.id === id && outcome.attempt === attempt ? outcome : undefined;
  const Page = cached ?? settled?.page;
  if (Page) {
    return (
      <RemoteErrorBoundary key={`${id}#${attempt}`} onRetry={retry}>
        <Page />
      </RemoteErrorBoundary>
    );
  }
  if (settled) return <RemoteLoadFailed onRetry={retry} />;
  return <Spinner label="Loading page…" />;
}
