import { ApiError, GENERIC_ERROR_MESSAGE, extractErrorText } from './errors';
import { clearAdminSession } from '../session/adminSession';
import { ADMIN_TOKEN_KEY, TOKEN_KEY, safeStorage } from '../session/storageKeys';

/** Payment verification waits longer than any other call (docs/product.md#api, docs/product.md#limits). */
export const PAYMENT_VERIFY_TIMEOUT_MS = 25_000;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** JSON-serialisable value, or FormData for multipart uploads. */
  body?: unknown;
  query?: Query;
  /** Abort after this many milliseconds (e.g. PAYMENT_VERIFY_TIMEOUT_MS). */
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** Defaults to `/api`. */
  baseUrl?: string;
  /** Local-storage key of the Bearer token sent with every request. */
  tokenKey?: string;
  /** Injected in tests; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
  /** Injected in tests; defaults to window.localStorage. */
  getToken?: () => string | null;
  /**
   * Called when a request that carried a token is answered 401: the session has ended (expired,
   * password changed, account removed), before the call rejects.
   */
  onSessionEnded?: () => void;
}

export interface ApiClient {
  request<T = Record<string, unknown>>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T = Record<string, unknown>>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The one HTTP client of the frontends: base URL, JSON, Bearer header, timeouts and error text.
 * Resolves with the parsed `{success:true,...}` body; rejects with an ApiError whose message is
 * the server's `message` (or `error`) text.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const tokenKey = options.tokenKey ?? TOKEN_KEY;
  const getToken = options.getToken ?? (() => safeStorage()?.getItem(tokenKey) ?? null);

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) {
      body = opts.body; // the browser sets the multipart boundary
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, opts.timeoutMs)
      : undefined;
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort);

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, opts.query), {
        method,
        headers,
        body,
        signal: controller.signal,
      });
    } catch (err) {
      if (timedOut) throw new ApiError('The request timed out. Please try again.', { timedOut: true });
      if (opts.signal?.aborted) throw err;
      throw new ApiError('Network error. Please check your connection and try again.');
    } finally {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }

    if (response.status === 401 && token) options.onSessionEnded?.();
    const parsed = await readBody(response);
    const envelope = parsed as { success?: unknown; error?: unknown } | null;
    if (!response.ok || !envelope || envelope.success === false) {
      const code = envelope && typeof envelope.error === 'string' ? envelope.error : null;
      throw new ApiError(extractErrorText(parsed) ?? GENERIC_ERROR_MESSAGE, {
        status: response.status,
        code,
        body: parsed,
      });
    }
    return parsed as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
  };
}

/** Customer calls: Bearer token from local-storage `token`. */
export const api = createApiClient();

/** Where an ended admin session lands: the admin login, which then says 'Session expired, login again.'. */
export const ADMIN_SESSION_EXPIRED_URL = '/admin/login?expired=1';

/**
 * Admin calls: Bearer token from local-storage `adminToken` (docs/architecture.md#api-contract: admin calls take the admin
 * token). A 401 on an admin call ends the admin session and goes to the admin login, wherever it
 * happens in the admin area.
 */
export const adminApi = createApiClient({
  tokenKey: ADMIN_TOKEN_KEY,
  onSessionEnded: () => {
    clearAdminSession();
    window.location.assign(ADMIN_SESSION_EXPIRED_URL);
  },
});
