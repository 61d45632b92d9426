import { ADMIN_ID_KEY, ADMIN_TOKEN_KEY, IS_ADMIN_KEY, TOKEN_KEY, notifySessionChanged, safeStorage } from './storageKeys';

/**
 * The admin session lives apart from the customer session: `adminToken` and `adminId` in local
 * storage (docs/product.md#data-shapes). The shell's admin guard and the decision to load the admin remote read it.
 */
export function getAdminToken(): string | null {
  return safeStorage()?.getItem(ADMIN_TOKEN_KEY) || null;
}

export function getAdminId(): string | null {
  return safeStorage()?.getItem(ADMIN_ID_KEY) || null;
}

export function hasAdminSession(): boolean {
  return getAdminToken() !== null;
}

export function setAdminSession(token: string, adminId: string): void {
  const storage = safeStorage();
  storage?.setItem(ADMIN_TOKEN_KEY, token);
  storage?.setItem(ADMIN_ID_KEY, adminId);
}

/** Admin logout clears admin id, admin token, token and isAdmin (docs/product.md#accounts-and-sign-in). */
export function clearAdminSession(): void {
  const storage = safeStorage();
  for (const key of [ADMIN_ID_KEY, ADMIN_TOKEN_KEY, TOKEN_KEY, IS_ADMIN_KEY]) storage?.removeItem(key);
  notifySessionChanged(); // the customer token went too: let AuthProvider follow
}
