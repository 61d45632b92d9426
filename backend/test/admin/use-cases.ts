import { AdminCodes } from '../../src/modules/admin/application/admin-codes';
import { EMAIL_CHANGE_REQUESTED_SUBJECT } from '../../src/modules/admin/application/admin-mails';
import { RequestEmailChangeUseCase } from '../../src/modules/admin/application/request-email-change.use-case';
import { RequestPasswordResetUseCase } from '../../src/modules/admin/application/request-password-reset.use-case';
import { ResetPasswordUseCase } from '../../src/modules/admin/application/reset-password.use-case';
import { StopEmailChangeUseCase } from '../../src/modules/admin/application/stop-email-change.use-case';
import { UpdatePasswordUseCase } from '../../src/modules/admin/application/update-password.use-case';
import { VerifyEmailChangeUseCase } from '../../src/modules/admin/application/verify-email-change.use-case';
import { SessionTokens } from '../../src/platform/auth/session-tokens';
import { AppConfig } from '../../src/platform/config/app-config';
import { DirectUnitOfWork, InMemoryAdminCodes, InMemoryAdmins, ManualClock, PlainHasher, RecordingAuditLog, RecordingMailer } from './in-memory';

/** The fakes every admin use case here needs, with the owner's account in them. */
function adminFakes() {
  const config = { jwtSecret: 'unit-test-secret-unit-test-secret-00', publicUrl: 'https://shop.example' } as AppConfig;
  const admins = new InMemoryAdmins();
  const mailer = new RecordingMailer();
  return {
    config,
    admins,
    codes: new InMemoryAdminCodes(),
    adminCodes: new AdminCodes(config),
    mailer,
    clock: new ManualClock(),
    hasher: new PlainHasher(),
    uow: new DirectUnitOfWork(),
    audit: new RecordingAuditLog(),
    admin: admins.add('owner@shop.example', 'plain$old password'),
    /** The six-digit code of the last mail sent. */
    lastCode: () => /\b(\d{6})\b/.exec(mailer.sent.at(-1)!.text)![1],
  };
}

/**
 * The admin's own-account use cases (e-mail change and its stop link, password change) wired to
 * in-memory fakes, with the signed-in owner and a colleague, for their unit specs.
 */
export function adminSettingsSetup() {
  const fakes = adminFakes();
  const { config, admins, codes, adminCodes, mailer, clock, hasher, uow, audit, admin } = fakes;
  const tokens = new SessionTokens(config);
  return {
    ...fakes,
    tokens,
    colleague: admins.add('colleague@shop.example', 'plain$colleague password'),
    caller: { id: admin.adminId, role: 'admin' as const },
    requestChange: new RequestEmailChangeUseCase(admins, codes, adminCodes, hasher, mailer, uow, clock, config),
    stopChange: new StopEmailChangeUseCase(admins, codes, adminCodes, hasher, uow, audit, clock),
    /** The stop link's token, from the notice to the old address. */
    stopToken: () => decodeURIComponent(/stop-email-change=([^\s"&]+)/.exec(mailer.sent.find((m) => m.subject === EMAIL_CHANGE_REQUESTED_SUBJECT)!.text)![1]),
    verifyChange: new VerifyEmailChangeUseCase(admins, codes, adminCodes, tokens, uow, audit, mailer, clock),
    updatePassword: new UpdatePasswordUseCase(admins, hasher, tokens, uow, audit),
  };
}

/** The admin password reset (request a code, then reset with it) wired to in-memory fakes. */
export function passwordResetSetup() {
  const fakes = adminFakes();
  const { admins, codes, adminCodes, mailer, clock, hasher, uow, audit } = fakes;
  return {
    ...fakes,
    forgot: new RequestPasswordResetUseCase(admins, codes, adminCodes, mailer, clock),
    reset: new ResetPasswordUseCase(admins, codes, adminCodes, hasher, uow, audit, clock),
  };
}

/** What a use case answers when an admin acts on another admin's account. */
export const NOT_OWN = { kind: 'forbidden', message: 'You can only change your own account.' };

/** What a wrong, used or expired password reset code gets. */
export const INVALID_CODE = { kind: 'invalid', message: 'Invalid or expired code.' };

/** A six-digit code that is not `code`. */
export const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');
