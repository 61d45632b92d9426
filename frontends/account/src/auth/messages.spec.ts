import { ApiError } from '@growth/kit';
import { cooldownSeconds, failureOnce } from './messages';

describe('failureOnce', () => {
  it("says the spec's text once when the server's reason starts with it", () => {
    expect(failureOnce('Invalid OTP.', 'Invalid OTP. 4 tries left.')).toEqual({ tone: 'failure', text: 'Invalid OTP. 4 tries left.' });
  });

  it("keeps the spec's text first, with another reason below it", () => {
    expect(failureOnce('Invalid OTP.', 'Too many wrong codes. Please request a new code.')).toEqual({
      tone: 'failure',
      text: 'Invalid OTP.',
      detail: 'Too many wrong codes. Please request a new code.',
    });
    expect(failureOnce('Invalid OTP.', 'Invalid OTP.')).toEqual({ tone: 'failure', text: 'Invalid OTP.', detail: null });
  });
});

describe('cooldownSeconds', () => {
  it("reads the wait of the server's otp_cooldown refusal, and nothing else", () => {
    expect(cooldownSeconds(new ApiError('Please wait 45 seconds before requesting a new code.', { status: 429, code: 'otp_cooldown' }))).toBe(45);
    expect(cooldownSeconds(new ApiError('Too many attempts. Please try again in 40 minutes.', { status: 429, code: 'rate_limited' }))).toBeNull();
    expect(cooldownSeconds(new Error('Please wait 45 seconds'))).toBeNull();
  });
});
