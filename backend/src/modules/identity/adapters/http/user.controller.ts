import type { ApiSuccess, ProfileUpdateAnswer } from '@growth/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal, LogoutRoute, SIGNED_OUT } from '../../../../platform/auth/auth.guard';
import { EndedSessions } from '../../../../platform/auth/ended-sessions';
import type { Principal } from '../../../../platform/auth/principal';
import { LimitPerAccount } from '../../../../platform/rate-limit/account-limit.interceptor';
import { LimitMailsPerAddress } from '../../../../platform/rate-limit/address-mail.guard';
import { RateLimit } from '../../../../platform/rate-limit/rate-limit.guard';
import { EndAllSessionsUseCase } from '../../application/end-all-sessions.use-case';
import { GetProfileUseCase } from '../../application/get-profile.use-case';
import { GoogleSignInUseCase } from '../../application/google-sign-in.use-case';
import { LoginUseCase } from '../../application/login.use-case';
import { RegisterUserUseCase } from '../../application/register-user.use-case';
import { RequestOtpUseCase } from '../../application/request-otp.use-case';
import { RequestPasswordResetUseCase } from '../../application/request-password-reset.use-case';
import { INVALID_RESET_CODE_MESSAGE, ResetPasswordUseCase } from '../../application/reset-password.use-case';
import { UpdateProfileUseCase } from '../../application/update-profile.use-case';
import { VerifyOtpUseCase } from '../../application/verify-otp.use-case';
import {
  ForgotPasswordRequest,
  GoogleSignInRequest,
  LoginRequest,
  RegisterRequest,
  RequestOtpRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
  UserIdRequest,
  VerifyOtpRequest,
} from './identity.requests';
import { profileBody, profileData, signInBody } from './identity.presenter';

/** The one answer of POST /user/forgot-password, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE = 'If this e-mail has an account, a reset code has been sent.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset.';

@ApiTags('user')
@Controller('user')
export class UserController {
  constructor(
    private readonly requestOtp: RequestOtpUseCase,
    private readonly verifyOtp: VerifyOtpUseCase,
    private readonly registerUser: RegisterUserUseCase,
    private readonly login: LoginUseCase,
    private readonly googleSignIn: GoogleSignInUseCase,
    private readonly getProfile: GetProfileUseCase,
    private readonly updateProfile: UpdateProfileUseCase,
    private readonly endAllSessions: EndAllSessionsUseCase,
    private readonly endedSessions: EndedSessions,
    private readonly requestReset: RequestPasswordResetUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
  ) {}

  @Post('request-otp')
  @HttpCode(200)
  @RateLimit('otp-per-address', 'otp-per-ip')
  @LimitMailsPerAddress()
  @ApiOkResponse({
    description: "{ success: true, message: 'OTP sent!' }, for an address with an account too (its owner is mailed how to sign in instead of a code)",
  })
  async requestOtpCode(@Body() body: RequestOtpRequest) {
    await this.requestOtp.execute(body.email);
    return { success: true as const, message: 'OTP sent!' };
  }

  @Post('verify-otp')
  @HttpCode(200)
  @RateLimit('sign-in-per-ip')
  @ApiOkResponse({ description: "{ success: true, message: 'OTP verified!' }" })
  @ApiBadRequestResponse({ description: "'Invalid OTP. N tries left.', 'This code has expired. Please request a new one.'" })
  async verifyOtpCode(@Body() body: VerifyOtpRequest) {
    await this.verifyOtp.execute(body.email, body.otp);
    return { success: true as const, message: 'OTP verified!' };
  }

  @Post('register')
  @HttpCode(201)
  @RateLimit('sign-in-per-ip')
  @ApiCreatedResponse({ description: "{ success: true, message: 'Registration successful!', userId }" })
  @ApiConflictResponse({ description: "'This email is already registered.'" })
  async register(@Body() body: RegisterRequest) {
    const { userId } = await this.registerUser.execute(body);
    return { success: true as const, message: 'Registration successful!', userId };
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit('sign-in-per-ip')
  @LimitPerAccount('customer-login')
  @ApiOkResponse({ description: '{ success: true, message, token, userId, user }' })
  @ApiUnauthorizedResponse({ description: "'Invalid email or password.'" })
  async logIn(@Body() body: LoginRequest) {
    return signInBody(await this.login.execute(body.email, body.password), 'Login successful!');
  }

  @Post('google')
  @HttpCode(200)
  @RateLimit('sign-in-per-ip')
  @ApiOkResponse({ description: '{ success: true, message, token, userId, user } (as login)' })
  @ApiUnauthorizedResponse({ description: "'Google sign-in failed.'" })
  async google(@Body() body: GoogleSignInRequest) {
    return signInBody(await this.googleSignIn.execute(body.idToken), 'Logged in with Google!');
  }

  /** "Forgot Password?": mails a reset code (docs/accounts.md). The same answer for every address. */
  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit('otp-per-address', 'otp-per-ip')
  @LimitMailsPerAddress()
  @ApiOkResponse({ description: `{ success: true, message: '${FORGOT_PASSWORD_MESSAGE}' }, whether or not the address has an account` })
  async forgotPassword(@Body() body: ForgotPasswordRequest) {
    await this.requestReset.execute(body.email);
    return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
  }

  /** The mailed code sets a new password; every older session ends and the answer signs the customer in. */
  @Post('reset-password')
  @HttpCode(200)
  @RateLimit('sign-in-per-ip')
  @LimitPerAccount('customer-reset')
  @ApiOkResponse({ description: `{ success: true, message: '${PASSWORD_RESET_MESSAGE}', token, userId, user } (as login)` })
  @ApiBadRequestResponse({ description: `'${INVALID_RESET_CODE_MESSAGE}'` })
  async reset(@Body() body: ResetPasswordRequest) {
    return signInBody(await this.resetPassword.execute(body), PASSWORD_RESET_MESSAGE);
  }

  @Post('getById')
  @HttpCode(200)
  @Authenticated('customer', 'admin')
  @ApiOkResponse({
    description: '{ success: true, data: { userId, name, email, phone, country, countryId, callingId, gender, createdAt }, subscriptions: { total, active, completed } }',
  })
  async getById(@CurrentPrincipal() caller: Principal, @Body() body: UserIdRequest) {
    return profileBody(await this.getProfile.execute(caller, body.userId));
  }

  @Post('update')
  @HttpCode(200)
  // Above @Authenticated: its guard runs after the session guard, so it counts per account.
  @RateLimit('password-per-account')
  @Authenticated('customer', 'admin')
  @ApiOkResponse({ description: "{ success: true, message: 'Profile updated', data, token? } (a new token when the password changed: the old sessions end)" })
  async update(@CurrentPrincipal() caller: Principal, @Body() body: UpdateProfileRequest): Promise<ApiSuccess<ProfileUpdateAnswer>> {
    const { profile, token } = await this.updateProfile.execute(caller, body);
    return { success: true as const, message: 'Profile updated', data: profileData(profile), ...(token ? { token } : {}) };
  }

  /** Logout: ends this session on the server, so its token opens nothing any more; other devices stay signed in. */
  @LogoutRoute('customer')
  // The body is read by no one, but taken through the validation pipe: hostile input still gets its 400.
  async logOut(@CurrentPrincipal() caller: Principal, @Body() _body: object) {
    await this.endedSessions.endCurrent(caller);
    return { ...SIGNED_OUT };
  }

  /** Ends every session of the caller's account (a lost phone, a shared computer). */
  @Post('logout-all')
  @HttpCode(200)
  @Authenticated('customer')
  @ApiOkResponse({ description: "{ success: true, message: 'You are signed out on every device.' }" })
  async logOutEverywhere(@CurrentPrincipal() caller: Principal) {
    await this.endAllSessions.execute(caller);
    return { success: true as const, message: 'You are signed out on every device.' };
  }
}
