import { type CanActivate, createParamDecorator, type ExecutionContext, HttpCode, Injectable, Post, SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { invalidToken, notPermitted, notSignedIn, sessionEnded } from './auth.errors';
import type { Principal, Role } from './principal';
import { EndedSessions } from './ended-sessions';
import { SessionTokens } from './session-tokens';
import { SessionVersions } from './session-versions';

const ROLES_KEY = 'auth:roles';

type AuthenticatedRequest = Request & { principal?: Principal };

function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && token && rest.length === 0 ? token : null;
}

/**
 * Requires a valid session token (Authorization: Bearer ...) of an account that still exists, at the
 * account's current token version, of a session not ended by logging out, whose role is one of the
 * route's roles. 401 without a token, with a bad or ended one; 403 with a good token of another role.
 * Use through the `@Authenticated(...roles)` decorator.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly versions: SessionVersions,
    private readonly endedSessions: EndedSessions,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) throw notSignedIn();
    const claims = await this.tokens.verify(token);
    if (!claims) throw invalidToken();
    // The account must still exist and the token must be of its current version (a password change,
    // "log out everywhere" or a deletion ends older tokens), and its session must not have been
    // logged out: a signature alone is not enough. Both reads at once, each by primary key.
    const [version, ended] = await Promise.all([this.versions.current(claims.role, claims.id), this.endedSessions.isEnded(claims.session.id)]);
    if (version === null || version !== claims.version || ended) {
      throw sessionEnded();
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles?.length && !roles.includes(claims.role)) {
      throw notPermitted();
    }
    request.principal = { id: claims.id, role: claims.role, session: claims.session };
    return true;
  }
}

/** The route needs a signed-in caller with one of `roles` (any role when none is given). */
export function Authenticated(...roles: Role[]) {
  return applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    UseGuards(AuthGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No session token, or a bad or expired one.' }),
    ApiForbiddenResponse({ description: 'The token is valid but its role may not call this route.' }),
  );
}

/** The answer of a logout route. */
export const SIGNED_OUT = { success: true, message: 'You are signed out.' } as const;

/**
 * POST logout for callers of `role`, the same in every module that signs people in: the route ends
 * the caller's own session (EndedSessions.endCurrent; other devices stay signed in) and answers
 * SIGNED_OUT.
 */
export function LogoutRoute(role: Role) {
  return applyDecorators(Post('logout'), HttpCode(200), Authenticated(role), ApiOkResponse({ description: `{ success: true, message: '${SIGNED_OUT.message}' }` }));
}

/** The verified caller of an `@Authenticated` route. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without @Authenticated');
  return principal;
});
