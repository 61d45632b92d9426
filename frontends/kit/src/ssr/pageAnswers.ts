/**
 * The answers of a server-rendered page's first GET calls (docs/architecture.md#server-rendering).
 * The server renders a public page with the bodies of its page table `data` calls and puts the same
 * bodies into the HTML; the shell hands them in here before it hydrates, so the page's first render
 * in the browser draws what the server drew (no loading state, no hydration mismatch) and sends no
 * request for them. They are answers of that first render only: the shell forgets them once the
 * page is hydrated, and later visits of the page fetch as before.
 *
 * Kit is a shared singleton (one instance in the browser, and one per render on the server), so the
 * shell and the remotes see the same answers.
 */
let answers: ReadonlyMap<string, unknown> = new Map();

/** The bodies by URL as the page requests it ('/api/plans/youtube'). */
export function setPageAnswers(bodies: Record<string, unknown> | null): void {
  answers = new Map(Object.entries(bodies ?? {}));
}

/** The server's body for a GET of `url` (with `/api`, query included exactly as the page builds it), if this render has it. */
export function pageAnswer<T>(url: string): T | undefined {
  return answers.get(url) as T | undefined;
}
