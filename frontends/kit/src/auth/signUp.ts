// @growth/kit/sign-up: the customer's registration calls and their messages, shared by the auth
// screen (account) and the checkout's sign-up dialog (storefront). An entry point of its own, so it
// is bundled with the screens that register instead of riding in kit's shared main entry, which
// every first visit loads; the API client it calls is that entry's one instance.
import { api, ApiError } from '@growth/kit';
import { failure, type BannerMessage } from '../ui/forms/Banner';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE, newPasswordProblem } from '@growth/contracts';

/** POST /user/request-otp: mail a 6-digit code to the address (the server answers alike for an address with an account). */
export async function requestSignUpCode(email: string): Promise<void> {
  await api.post('/user/request-otp', { email: email.trim() });
}

/** POST /user/verify-otp: the code mailed by requestSignUpCode. */
export async function verifySignUpCode(email: string, otp: string): Promise<void> {
  await api.post('/user/verify-otp', { email: email.trim(), otp });
}

/** A mailed code has exactly six digits. */
export const isSignUpCode = (value: string) => /^\d{6}$/.test(value);

/**
 * A failure banner that says the spec's text once: when the server's reason already starts with it
 * ('Invalid OTP. 4 tries left.' after 'Invalid OTP.'), the reason alone is the banner.
 */
export function failureOnce(text: string, reason: string | null | undefined): BannerMessage {
  const said = reason?.trim();
  if (said && said !== text && said.startsWith(text)) return { tone: 'failure', text: said };
  return failure(text, reason);
}

/**
 * The seconds of a code's resend cooldown when the server refused a new code for it
 * ('Please wait 45 seconds before requesting a new code.'), else null.
 */
export function cooldownSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'otp_cooldown') return null;
  const match = /(\d+) seconds?/.exec(error.message);
  return match ? Number(match[1]) : null;
}
