import { Global, Module } from '@nestjs/common';
import { AuthGuard } from './auth.guard';
import { SessionTokens } from './session-tokens';
import { SessionVersions } from './session-versions';

/** Session tokens and the guard behind `@Authenticated(...)`, for every module. */
@Global()
@Module({
  providers: [SessionTokens, SessionVersions, AuthGuard],
  exports: [SessionTokens, SessionVersions, AuthGuard],
})
export class AuthModule {}
