import { ApiError } from '@growth/kit';
import { failure, type BannerMessage } from '@growth/kit/ui';

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
