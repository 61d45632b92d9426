import { Global, Module } from '@nestjs/common';
import { AuthGuard } from './auth.guard';
import { EndedSessions } from './ended-sessions';
import { SessionTokens } from './session-tokens';
import { SessionVersions } from './session-versions';

/** Session tokens, ended sessions and the guard behind `@Authenticated(...)`, for every module. */
@Global()
@Module({
  providers: [SessionTokens, SessionVersions, EndedSessions, AuthGuard],
  exports: [SessionTokens, SessionVersions, EndedSessions, AuthGuard],
})
export class AuthModule {}
