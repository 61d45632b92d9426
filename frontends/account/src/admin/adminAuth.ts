import { ApiError, adminApi, extractErrorText, setAdminSession, type MessageAnswer, type AdminLoginAnswer } from '@growth/kit';
import { failure, type BannerMessage } from '@growth/kit/ui';

/** The admin screens' failure (docs/product.md#error-texts): 'Error' with the server's message, or 'Operation failed'. */
export function adminFailure(err: unknown): BannerMessage {
  let reason: string | null = null;
  if (err instanceof ApiError) {
    // The server's own words; a network failure or a time-out has no body but says what happened.
    reason = extractErrorText(err.body) ?? (err.status === 0 ? err.message : null);
  }
  return failure('Error', reason ?? 'Operation failed');
}

/** The `exp` claim of a JWT (seconds since the epoch), or null when it cannot be read. */
export function tokenExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * POST /admin/login; stores the admin session (kit's setAdminSession) and logs when the token
 * expires, read from the token itself (docs/product.md#roles). Resolves with the server's success message.
 */
export async function adminLogin(email: string, password: string): Promise<string> {
  const answer = await adminApi.post<AdminLoginAnswer>('/admin/login', { email: email.trim(), password });
  if (!answer.token || !answer.adminId) throw new ApiError('Operation failed');
  setAdminSession(answer.token, answer.adminId);
  const expiry = tokenExpiry(answer.token);
  console.info(expiry ? `Admin session expires at ${expiry.toISOString()}` : 'Admin session expiry unknown');
  return answer.message || 'Login successful';
}

/** POST /admin/forgot-password: always the same answer (no account enumeration). */
export async function requestResetCode(email: string): Promise<string> {
  const answer = await adminApi.post<MessageAnswer>('/admin/forgot-password', { email: email.trim() });
  return answer.message || 'If this e-mail belongs to an admin, a reset code has been sent.';
}

/** POST /admin/reset-password. */
export async function resetPassword(email: string, otp: string, newPassword: string): Promise<string> {
  const answer = await adminApi.post<MessageAnswer>('/admin/reset-password', { email: email.trim(), otp: otp.trim(), newPassword });
  return answer.message || 'Password reset. Please log in.';
}

/** POST /admin/update-email/stop with the token of the link mailed to the old address; resolves with the server's message. */
export async function stopEmailChange(token: string): Promise<string> {
  const answer = await adminApi.post<MessageAnswer>('/admin/update-email/stop', { token });
  return answer.message || 'The e-mail change was stopped.';
}
