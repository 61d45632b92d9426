import type { AdminLoginAnswer, ApiSuccess, MessageAndTokenAnswer } from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal, LogoutRoute, SIGNED_OUT } from '../../../../platform/auth/auth.guard';
import { EndedSessions } from '../../../../platform/auth/ended-sessions';
import type { Principal } from '../../../../platform/auth/principal';
import { LimitPerAccount } from '../../../../platform/rate-limit/account-limit.interceptor';
import { LimitMailsPerAddress } from '../../../../platform/rate-limit/address-mail.guard';
import { RateLimit } from '../../../../platform/rate-limit/rate-limit.guard';
import { AdminLoginUseCase } from '../../application/admin-login.use-case';
import type { AdminSession } from '../../application/admin-session';
import { RequestEmailChangeUseCase } from '../../application/request-email-change.use-case';
import { RequestPasswordResetUseCase } from '../../application/request-password-reset.use-case';
import { ResetPasswordUseCase } from '../../application/reset-password.use-case';
import { EMAIL_CHANGE_STOPPED_MESSAGE, StopEmailChangeUseCase } from '../../application/stop-email-change.use-case';
import { UpdatePasswordUseCase } from '../../application/update-password.use-case';
import { VerifyEmailChangeUseCase } from '../../application/verify-email-change.use-case';
import {
  AdminLoginRequest,
  AdminForgotPasswordRequest,
  AdminResetPasswordRequest,
  StopEmailChangeRequest,
  UpdateEmailRequest,
  UpdatePasswordRequest,
  VerifyEmailRequest,
} from './admin-auth.requests';

export const FORGOT_PASSWORD_MESSAGE = 'If this e-mail belongs to an admin, a reset code has been sent.';

/** The session part of an answer, from explicit fields: no hash ever leaves the server. */
function sessionFields(session: AdminSession): Required<Pick<MessageAndTokenAnswer, 'token' | 'expiresAt'>> {
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

/** Admin accounts: login, password reset by mailed code, and the Settings page's e-mail and password change. */
@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(
    private readonly login: AdminLoginUseCase,
    private readonly requestReset: RequestPasswordResetUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
    private readonly requestEmailChange: RequestEmailChangeUseCase,
    private readonly verifyEmailChange: VerifyEmailChangeUseCase,
    private readonly updatePassword: UpdatePasswordUseCase,
    private readonly stopEmailChange: StopEmailChangeUseCase,
    private readonly endedSessions: EndedSessions,
  ) {}

  @Post('login')
  @HttpCode(200)
  @RateLimit('sign-in-per-ip')
  @LimitPerAccount('admin-login')
  @ApiOkResponse({ description: "{ success: true, message: 'Login successful', token, adminId, expiresAt }" })
  @ApiUnauthorizedResponse({ description: "'Invalid email or password.' (the same for an unknown address)" })
  async logIn(@Body() body: AdminLoginRequest): Promise<ApiSuccess<AdminLoginAnswer>> {
    const session = await this.login.execute(body.email, body.password);
    return { success: true as const, message: 'Login successful', token: session.token, adminId: session.adminId, expiresAt: session.expiresAt.toISOString() };
  }

  /** Logout: ends this admin session on the server (the token opens nothing any more). */
  @LogoutRoute('admin')
  // The body is read by no one, but taken through the validation pipe: hostile input still gets its 400.
  async logOut(@CurrentPrincipal() caller: Principal, @Body() _body: object) {
    await this.endedSessions.endCurrent(caller);
    return { ...SIGNED_OUT };
  }

  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit('otp-per-address', 'otp-per-ip')
  @LimitMailsPerAddress()
  @ApiOkResponse({ description: `{ success: true, message: '${FORGOT_PASSWORD_MESSAGE}' }, whether or not the address is an admin's` })
  async forgotPassword(@Body() body: AdminForgotPasswordRequest) {
    await this.requestReset.execute(body.email);
    return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
  }

  @Post('reset-password')
  @HttpCode(200)
  @RateLimit('sign-in-per-ip')
  @LimitPerAccount('admin-reset')
  @ApiOkResponse({ description: "{ success: true, message: 'Password reset. Please log in.' }" })
  @ApiBadRequestResponse({ description: "'Invalid or expired code.'" })
  async reset(@Body() body: AdminResetPasswordRequest) {
    await this.resetPassword.execute(body);
    return { success: true as const, message: 'Password reset. Please log in.' };
  }

  @Post('update-email/request')
  @HttpCode(200)
  // Above @Authenticated: its guard runs after the session guard, so password checks count per account.
  @RateLimit('otp-per-ip', 'password-per-account')
  @Authenticated('admin')
  @ApiOkResponse({ description: "{ success: true, message: 'A code has been sent to the new address.' } (the old address is told, with a link that stops the change)" })
  @ApiBadRequestResponse({ description: "'Current password is incorrect.'" })
  @ApiConflictResponse({ description: "'This email is already in use.', or a change took effect less than 72 hours ago" })
  async emailChangeRequest(@CurrentPrincipal() caller: Principal, @Body() body: UpdateEmailRequest) {
    await this.requestEmailChange.execute(caller, body);
    return { success: true as const, message: 'A code has been sent to the new address.' };
  }

  @Post('update-email/verify')
  @HttpCode(200)
  @Authenticated('admin')
  @RateLimit('sign-in-per-ip')
  @ApiOkResponse({ description: "{ success: true, message: 'Email updated', token, expiresAt } (every older session has ended)" })
  @ApiBadRequestResponse({ description: "'Invalid or expired code.'" })
  async emailChangeVerify(@CurrentPrincipal() caller: Principal, @Body() body: VerifyEmailRequest): Promise<ApiSuccess<MessageAndTokenAnswer>> {
    const session = await this.verifyEmailChange.execute(caller, body);
    return { success: true as const, message: 'Email updated', ...sessionFields(session) };
  }

  @Post('update-email/stop')
  @HttpCode(200)
  @RateLimit('sign-in-per-ip')
  @ApiOkResponse({ description: `{ success: true, message: '${EMAIL_CHANGE_STOPPED_MESSAGE}' }` })
  @ApiBadRequestResponse({ description: "'This link is not valid any more.'" })
  async emailChangeStop(@Body() body: StopEmailChangeRequest) {
    await this.stopEmailChange.execute(body.token);
    return { success: true as const, message: EMAIL_CHANGE_STOPPED_MESSAGE };
  }

  @Post('update-password')
  @HttpCode(200)
  // Above @Authenticated: its guard runs after the session guard, so password checks count per account.
  @RateLimit('sign-in-per-ip', 'password-per-account')
  @Authenticated('admin')
  @ApiOkResponse({ description: "{ success: true, message: 'Password updated', token, expiresAt } (every older session has ended)" })
  @ApiBadRequestResponse({ description: "'Old password is incorrect.'" })
  async passwordUpdate(@CurrentPrincipal() caller: Principal, @Body() body: UpdatePasswordRequest): Promise<ApiSuccess<MessageAndTokenAnswer>> {
    const session = await this.updatePassword.execute(caller, body);
    return { success: true as const, message: 'Password updated', ...sessionFields(session) };
  }
}
