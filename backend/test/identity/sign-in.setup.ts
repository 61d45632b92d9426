/** The in-memory wiring shared by the login, google-sign-in, get-profile and update-profile use case specs (src/modules/identity/application). */
import { SessionTokens } from '../../src/platform/auth/session-tokens';
import { AppConfig } from '../../src/platform/config/app-config';
import { FakeGoogle, FixedSubscriptionCounts, InMemoryCountries, InMemoryUsers, ManualClock, PlainHasher } from './in-memory';
import { RecordingAuditLog } from '../admin/in-memory';
import { InlineUnitOfWork } from '../support/fakes';
import { GetProfileUseCase } from '../../src/modules/identity/application/get-profile.use-case';
import { GoogleSignInUseCase } from '../../src/modules/identity/application/google-sign-in.use-case';
import { LoginUseCase } from '../../src/modules/identity/application/login.use-case';
import { UpdateProfileUseCase } from '../../src/modules/identity/application/update-profile.use-case';

export function setup() {
  const users = new InMemoryUsers();
  const hasher = new PlainHasher();
  const tokens = new SessionTokens({ jwtSecret: 'unit-test-secret-unit-test-secret-00' } as AppConfig);
  const google = new FakeGoogle();
  const countries = new InMemoryCountries();
  const uow = new InlineUnitOfWork();
  const audit = new RecordingAuditLog();
  return {
    uow,
    audit,
    users,
    hasher,
    tokens,
    google,
    countries,
    login: new LoginUseCase(users, hasher, tokens),
    googleSignIn: new GoogleSignInUseCase(google, users, tokens, new ManualClock()),
    getProfile: new GetProfileUseCase(users, countries, new FixedSubscriptionCounts()),
    updateProfile: new UpdateProfileUseCase(users, countries, hasher, tokens, uow, audit),
  };
}

export const account = (over: object = {}) => ({
  email: 'ada@example.com',
  name: 'Ada',
  phone: '5550100',
  countryId: null,
  callingId: null,
  address: null,
  gender: null,
  passwordHash: 'plain$secret password',
  googleId: null,
  emailVerifiedAt: new Date('2026-01-01T09:00:00Z'),
  ...over,
});
