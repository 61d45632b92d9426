import { ApiError, GENERIC_ERROR_MESSAGE, extractErrorText } from './errors';
import { adminApi, api, createApiClient } from './client';

type FetchCall = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown) {
  const calls: FetchCall[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const headersOf = (call: FetchCall) => call.init.headers as Record<string, string>;

describe('extractErrorText', () => {
  it('prefers the human message, then the error field', () => {
    expect(extractErrorText({ success: false, message: 'E-mail taken', error: 'CONFLICT' })).toBe('E-mail taken');
    expect(extractErrorText({ success: false, error: 'Invalid OTP.' })).toBe('Invalid OTP.');
    expect(extractErrorText({ success: false, message: ['email must be an email', 'otp is required'] })).toBe('email must be an email, otp is required');
    expect(extractErrorText({ success: false })).toBeNull();
    expect(extractErrorText(null)).toBeNull();
  });
});

describe('api client', () => {
  afterEach(() => localStorage.clear());

  it('sends JSON to /api with the Bearer token from local storage', async () => {
    localStorage.setItem('token', 'abc.def');
    const { impl, calls } = fakeFetch(200, { success: true, data: [1] });
    const client = createApiClient({ fetch: impl });

    const body = await client.post('/user/getById', { userId: 'u1' });

    expect(body).toEqual({ success: true, data: [1] });
    expect(calls[0].url).toBe('/api/user/getById');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{"userId":"u1"}');
    expect(headersOf(calls[0])).toMatchObject({
      Authorization: 'Bearer abc.def',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Authorization header when signed out, and builds the query string', async () => {
    const { impl, calls } = fakeFetch(200, { success: true, data: [] });
    await createApiClient({ fetch: impl }).get('/services/getAll', { query: { page: 1, limit: 4, search: '' } });
    expect(calls[0].url).toBe('/api/services/getAll?page=1&limit=4');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
  });

  it('reads the token on every request, so a new sign-in is used at once', async () => {
    const { impl, calls } = fakeFetch(200, { success: true });
    const client = createApiClient({ fetch: impl });
    await client.get('/a');
    localStorage.setItem('token', 'fresh');
    await client.get('/b');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    expect(headersOf(calls[1]).Authorization).toBe('Bearer fresh');
  });

  it('admin calls carry the admin token', async () => {
    localStorage.setItem('token', 'customer');
    localStorage.setItem('adminToken', 'admin');
    const { impl, calls } = fakeFetch(200, { success: true });
    const original = globalThis.fetch;
    globalThis.fetch = impl;
    try {
      await adminApi.post('/admin/tasks', { page: 1 });
      await api.get('/services/getAll');
    } finally {
      globalThis.fetch = original;
    }
    expect(headersOf(calls[0]).Authorization).toBe('Bearer admin');
    expect(headersOf(calls[1]).Authorization).toBe('Bearer customer');
  });

  it('rejects an HTTP error with the server message, status and code', async () => {
    const { impl } = fakeFetch(409, { success: false, message: 'This e-mail is already registered', error: 'CONFLICT' });
    const error = await createApiClient({ fetch: impl })
      .post('/user/register', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'This e-mail is already registered', status: 409, code: 'CONFLICT' });
  });

  it('rejects a {success:false} envelope even with HTTP 200, using the error field when there is no message', async () => {
    const { impl } = fakeFetch(200, { success: false, error: 'Plan not found' });
    await expect(createApiClient({ fetch: impl }).post('/plan/getByName', { name: 'x' })).rejects.toThrow('Plan not found');
  });

  it('falls back to a generic text when the failure has no readable body', async () => {
    const { impl } = fakeFetch(502, undefined);
    await expect(createApiClient({ fetch: impl }).get('/services/getAll')).rejects.toThrow(GENERIC_ERROR_MESSAGE);
  });

  it('gives up after timeoutMs', async () => {
    jest.useFakeTimers();
    try {
      const hanging = ((_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        })) as unknown as typeof fetch;
      const pending = createApiClient({ fetch: hanging }).post('/payment/verify', {}, { timeoutMs: 25_000 });
      const settled = pending.catch((e: unknown) => e);
      jest.advanceTimersByTime(25_000);
      const error = await settled;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).timedOut).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ended sessions', () => {
  it('calls onSessionEnded when a request that carried a token is answered 401, before it rejects', async () => {
    const { impl } = fakeFetch(401, { success: false, message: 'Your session has ended. Please log in again.', error: 'session_ended' });
    const ended = jest.fn();
    const client = createApiClient({ fetch: impl, getToken: () => 'an-old-token', onSessionEnded: ended });
    await expect(client.post('/admin/tasks', {})).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 without a token (a wrong password at login) and other errors alone', async () => {
    const ended = jest.fn();
    const refused = createApiClient({ fetch: fakeFetch(401, { success: false }).impl, getToken: () => null, onSessionEnded: ended });
    await expect(refused.post('/admin/login', {})).rejects.toMatchObject({ status: 401 });
    const forbidden = createApiClient({ fetch: fakeFetch(403, { success: false }).impl, getToken: () => 't', onSessionEnded: ended });
    await expect(forbidden.post('/admin/tasks', {})).rejects.toMatchObject({ status: 403 });
    expect(ended).not.toHaveBeenCalled();
  });
});
