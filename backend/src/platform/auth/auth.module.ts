import { Global, Module } from '@nestjs/common';
import { AuthGuard } from './auth.guard';
import { SessionTokens } from './session-tokens';

/** Session tokens and the guard behind `@Authenticated(...)`, for every module. */
@Global()
@Module({
  providers: [SessionTokens, AuthGuard],
  exports: [SessionTokens, AuthGuard],
})
export class AuthModule {}
