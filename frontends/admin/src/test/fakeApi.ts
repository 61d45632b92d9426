/**
 * A fake fetch for admin page specs: answers queued per path ("/services/delete" or
 * "GET /services/getAll"), every call recorded with its method, query, headers and body (parsed
 * JSON, or the FormData itself for multipart). An unexpected call gets a 500.
 */
/** One answer: its status and body. */
export type Reply = [status: number, body: unknown];
export type Answer = Reply | (() => Promise<Reply>);

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeApi {
  calls: RecordedCall[];
  /**
   * Queue answers for a path; a GET is keyed "GET /path", a POST just "/path". An answer given as a
   * function is awaited, so a spec decides when it arrives.
   */
  answer(key: string, ...answers: Answer[]): void;
  /** The calls to one path. */
  callsTo(path: string): RecordedCall[];
}

export function installFakeApi(): FakeApi {
  const queues = new Map<string, Answer[]>();
  const calls: RecordedCall[] = [];
  globalThis.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init.method ?? 'GET';
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    calls.push({ method, path, query: url.searchParams, headers: (init.headers ?? {}) as Record<string, string>, body });
    const key = method === 'GET' ? `GET ${path}` : path;
    const queued = queues.get(key)?.shift() ?? [500, { success: false, message: `unexpected call ${key}` }];
    const [status, answer] = typeof queued === 'function' ? await queued() : queued;
    const text = JSON.stringify(answer);
    return { ok: status < 300, status, text: async () => text } as Response;
  }) as unknown as typeof fetch;
  return {
    calls,
    answer(key, ...answers) {
      queues.set(key, [...(queues.get(key) ?? []), ...answers]);
    },
    callsTo: (path) => calls.filter((call) => call.path === path),
  };
}

/** Pretend the viewport is narrow (drawer) or wide, for useNarrowScreen. */
export function setNarrowScreen(narrow: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: narrow,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
