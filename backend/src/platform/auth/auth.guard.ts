import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AppError } from '../errors/app-error';
import type { Principal, Role } from './principal';
import { SessionTokens } from './session-tokens';

const ROLES_KEY = 'auth:roles';

type AuthenticatedRequest = Request & { principal?: Principal };

function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && token && rest.length === 0 ? token : null;
}

/**
 * Requires a valid session token (Authorization: Bearer ...) whose role is one of the route's
 * roles. 401 without a token or with a bad one; 403 with a good token of another role.
 * Use through the `@Authenticated(...roles)` decorator.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Please log in first.', 'not_signed_in');
    const principal = await this.tokens.verify(token);
    if (!principal) throw new AppError('unauthorized', 'Your session has expired or is not valid. Please log in again.', 'invalid_token');
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles?.length && !roles.includes(principal.role)) {
      throw new AppError('forbidden', 'You do not have permission to do this.', 'forbidden');
    }
    request.principal = principal;
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

/** The verified caller of an `@Authenticated` route. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without @Authenticated');
  return principal;
});
