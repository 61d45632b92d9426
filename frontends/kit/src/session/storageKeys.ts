/** Local-storage names fixed by the product (docs/product.md#accounts-and-sign-in). */
export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'userId';
export const EMAIL_KEY = 'email';
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_ID_KEY = 'adminId';
export const IS_ADMIN_KEY = 'isAdmin';

/** localStorage, or null where it is unavailable (private mode quirks, tests, SSR). */
export function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Fired on window when code outside AuthProvider changes the stored session (e.g. admin logout). */
export const SESSION_CHANGED_EVENT = 'growth:session-changed';

export function notifySessionChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}
