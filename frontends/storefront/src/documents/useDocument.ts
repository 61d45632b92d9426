import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText, pageAnswer, type DocumentAnswer, type StoredDocument } from '@growth/kit';

export type DocumentState =
  | { status: 'loading' }
  /** `retry` asks again (an error is never a dead end). */
  | { status: 'error'; message: string; retry(): void }
  | { status: 'loaded'; document: StoredDocument };

/** A stored document (FAQ and policies) from GET /api/documents/:slug (docs/product.md#documents). */
export function useDocument(slug: string): DocumentState {
  // A server-rendered page starts with the server's answer (kit's pageAnswer): hydration draws the same document.
  const [state, setState] = useState<DocumentState>(() => {
    const body = pageAnswer<DocumentAnswer>(`/api/documents/${encodeURIComponent(slug)}`);
    return body?.document ? { status: 'loaded', document: body.document } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const answered = useRef(state.status === 'loaded');
  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .get<DocumentAnswer>(`/documents/${encodeURIComponent(slug)}`, { signal: controller.signal })
      .then((body) => setState({ status: 'loaded', document: body.document }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: errorText(error), retry });
      });
    return () => controller.abort();
  }, [slug, attempt, retry]);
  return state;
}

/** '2025-09-02' → 'September 2, 2025' (read as a calendar date, whatever the time zone). */
export function formatDocumentDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}
