/**
 * A fake fetch for the account's specs: each call is recorded (its path without /api and its
 * parsed JSON body) and answered with the next answer queued for its path; an unexpected call gets
 * a 500.
 */
export type Answer = [status: number, body: unknown];

/** Per path ("/user/login"): the answers in order; a function answers later (the test resolves it). */
export type Answers = Record<string, (Answer | (() => Promise<Answer>))[]>;

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
}

/** Empties `answers` and `calls` (the spec's own objects, filled by its tests) and installs the fake fetch. */
export function installFakeApi(answers: Answers, calls: RecordedCall[]): void {
  calls.length = 0;
  for (const path of Object.keys(answers)) delete answers[path];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const path = String(url).replace(/^\/api/, '');
    calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers[path]?.shift();
    const [status, body] = typeof next === 'function' ? await next() : (next ?? [500, { success: false, message: 'unexpected call' }]);
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status < 300, status, text: async () => text } as Response;
  }) as unknown as typeof fetch;
}

/** A signed-in customer (u1, ann@example.com) as the session store keeps one. */
export function storeCustomerSession(): void {
  localStorage.clear();
  localStorage.setItem('token', 't');
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('email', 'ann@example.com');
}

/** For a spec file: before each test, a signed-in customer and the fake fetch; returns the answers and calls it uses. */
export function signedInCustomerApi(): { answers: Answers; calls: RecordedCall[] } {
  const answers: Answers = {};
  const calls: RecordedCall[] = [];
  beforeEach(() => {
    storeCustomerSession();
    installFakeApi(answers, calls);
  });
  return { answers, calls };
}
