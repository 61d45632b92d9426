/** The in-memory wiring shared by the request-otp, verify-otp and register-user use case specs (src/modules/identity/application). */
import { AppConfig } from '../../src/platform/config/app-config';
import { InMemoryCountries, InMemoryUsers, InMemoryVerifications, ManualClock, PlainHasher, RecordingMailer } from './in-memory';
import { OtpCodes } from '../../src/modules/identity/application/otp-codes';
import { RegisterUserUseCase } from '../../src/modules/identity/application/register-user.use-case';
import { RequestOtpUseCase } from '../../src/modules/identity/application/request-otp.use-case';
import { VerifyOtpUseCase } from '../../src/modules/identity/application/verify-otp.use-case';

export function setup() {
  const users = new InMemoryUsers();
  const verifications = new InMemoryVerifications();
  const countries = new InMemoryCountries();
  const codes = new OtpCodes({ jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig);
  const mailer = new RecordingMailer();
  const clock = new ManualClock();
  const hasher = new PlainHasher();
  const requestOtp = new RequestOtpUseCase(users, verifications, codes, mailer, clock, { publicUrl: 'https://shop.example' } as AppConfig);
  const verifyOtp = new VerifyOtpUseCase(verifications, codes, clock);
  const register = new RegisterUserUseCase(users, verifications, countries, codes, hasher, clock);
  const lastCode = () => /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1];
  return { users, verifications, countries, codes, mailer, clock, requestOtp, verifyOtp, register, lastCode };
}

export const details = { password: 'long enough', name: 'Ada', phone: '5550100' };
