/** The in-memory wiring shared by the request-password-reset and reset-password use case specs (src/modules/identity/application). */
import { SessionTokens } from '../../src/platform/auth/session-tokens';
import { AppConfig } from '../../src/platform/config/app-config';
import { InMemoryResetCodes, InMemoryUsers, ManualClock, PlainHasher, RecordingMailer } from './in-memory';
import { InlineUnitOfWork } from '../support/fakes';
import { OtpCodes } from '../../src/modules/identity/application/otp-codes';
import { RequestPasswordResetUseCase } from '../../src/modules/identity/application/request-password-reset.use-case';
import { INVALID_RESET_CODE_MESSAGE, ResetPasswordUseCase } from '../../src/modules/identity/application/reset-password.use-case';

export const config = { jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig;

export async function setup() {
  const users = new InMemoryUsers();
  const resetCodes = new InMemoryResetCodes();
  const codes = new OtpCodes(config);
  const mailer = new RecordingMailer();
  const clock = new ManualClock();
  const hasher = new PlainHasher();
  const tokens = new SessionTokens(config);
  const request = new RequestPasswordResetUseCase(users, resetCodes, codes, mailer, clock);
  const reset = new ResetPasswordUseCase(users, resetCodes, codes, hasher, tokens, new InlineUnitOfWork(), clock);
  const user = await users.create({
    email: 'ada@example.com',
    name: 'Ada',
    phone: '',
    countryId: null,
    callingId: null,
    address: null,
    gender: null,
    passwordHash: 'plain$old password',
    googleId: null,
    emailVerifiedAt: null,
  });
  const lastCode = () => /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1];
  return { users, resetCodes, codes, mailer, clock, tokens, request, reset, user, lastCode };
}

export const INVALID = { kind: 'invalid', message: INVALID_RESET_CODE_MESSAGE };
