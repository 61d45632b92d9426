import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { setPageAnswers } from '@growth/kit';
import type { RemotePageId } from '@growth/kit/routes';
import { App } from '../App';
import { routeOf } from '../layout/pageHead';
import { loadPage } from '../remotes/RemotePage';

/** The id of the script the server puts its page's answers in (backend platform/frontends/server-pages.ts). */
export const PAGE_DATA_ID = 'page-data';

export interface ServedPage {
  page: RemotePageId;
  answers: Record<string, unknown>;
}

/** The server-rendered page this document carries, if any (and if it is the page the router finds here). */
export function servedPage(doc: Document = document): ServedPage | null {
  const script = doc.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return null;
  try {
    const data = JSON.parse(script.textContent) as Partial<ServedPage>;
    if (typeof data.page !== 'string' || routeOf(doc.location.pathname)?.page !== data.page) return null;
    return { page: data.page, answers: data.answers && typeof data.answers === 'object' ? data.answers : {} };
  } catch {
    return null;
  }
}

/** Forgets the server's answers once the page is hydrated: they were its first render's. */
function AfterHydration({ children }: { children: ReactNode }) {
  useEffect(() => setPageAnswers(null), []);
  return children;
}

/**
 * Hydrates the server's markup with the same components (docs/architecture.md#server-rendering): the
 * page is readable meanwhile; the remotes are registered and the page's module loaded first, and
 * the server's answers handed to kit, so the first render in the browser is the server's (no
 * loading state, no mismatch). Rejects (and leaves the markup alone) when the remote cannot be loaded.
 */
export async function hydrateServedPage(root: HTMLElement, served: ServedPage, startRemotes: () => Promise<void>): Promise<void> {
  await startRemotes();
  await loadPage(served.page);
  setPageAnswers(served.answers);
  hydrateRoot(
    root,
    <StrictMode>
      <AfterHydration>
        <App startRemotes={startRemotes} started />
      </AfterHydration>
    </StrictMode>,
  );
}
