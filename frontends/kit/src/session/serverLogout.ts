import { createApiClient } from '../api/client';
import { clearAdminSession, getAdminToken } from './adminSession';

type LogoutPath = '/user/logout' | '/admin/logout';

/**
 * Asks the server to end the session of `token` (POST /api/user/logout or /api/admin/logout), so the
 * token opens nothing any more, even if someone copied it. The browser forgets the session at once
 * either way: nobody waits for the answer, and a failure (offline, an already ended session) changes
 * nothing for the person logging out.
 */
export function endSessionOnServer(path: LogoutPath, token: string | null): void {
  if (!token) return;
  createApiClient({ getToken: () => token })
    .post(path, {})
    .catch(() => undefined);
}

/** Admin logout: the server ends the admin session, then admin id, admin token, token and isAdmin are cleared. */
export function logOutAdmin(): void {
  endSessionOnServer('/admin/logout', getAdminToken());
  clearAdminSession();
}
