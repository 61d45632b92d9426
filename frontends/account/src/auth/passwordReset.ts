import { api, type MessageAnswer, type SessionGrant, type PasswordResetAnswer } from '@growth/kit';

/** The server's one answer to POST /user/forgot-password, used when it sends none. */
export const FORGOT_PASSWORD_SENT = 'If this e-mail has an account, a reset code has been sent.';
/** The password rules of registration (the server's, docs/accounts.md). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** POST /user/forgot-password: the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await api.post<MessageAnswer>('/user/forgot-password', { email: email.trim() });
  return answer.message || FORGOT_PASSWORD_SENT;
}

/**
 * POST /user/reset-password: the mailed code sets the new password; the answer is a session, as a
 * login's (every older session of the account has ended).
 */
export async function resetPassword(email: string, otp: string, newPassword: string): Promise<{ message: string; grant: SessionGrant }> {
  const typed = email.trim();
  const answer = await api.post<PasswordResetAnswer>('/user/reset-password', { email: typed, otp: otp.trim(), newPassword });
  if (!answer.token || answer.userId === undefined || answer.userId === null) throw new Error('The server sent no session.');
  return {
    message: answer.message || 'Your password has been reset.',
    grant: { token: answer.token, userId: String(answer.userId), email: answer.user?.email || typed, user: answer.user ?? null },
  };
}
