import { createSecretKey, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { ROLES, type Principal, type Role } from './principal';

/** Lifetime of a customer session token; the client signs in again after it. */
export const SESSION_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Staff sessions are shorter: an admin token opens every account of the shop. */
export const ADMIN_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** Who issues the tokens, and for whom: each role has an audience of its own. */
export const TOKEN_ISSUER = 'growth-storefront';
export const TOKEN_AUDIENCE: Record<Role, string> = { customer: 'growth-storefront:customer', admin: 'growth-storefront:admin' };
const ROLE_OF_AUDIENCE = new Map<string, Role>(ROLES.map((role) => [TOKEN_AUDIENCE[role], role]));

/** A verified token: the principal, the account's token version it was issued under, and its session. */
export interface SessionClaims extends Principal {
  readonly version: number;
  readonly session: { readonly id: string; readonly expiresAt: Date };
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signs and checks the app's own session tokens: HS256 JWTs with `sub` (userId or adminId), `role`,
 * `ver` (the account's token version: a password change, "log out everywhere" or a deleted account
 * ends every older token, see AuthGuard), `jti` (a random id of this one session: logging out ends
 * it alone, see EndedSessions), and the registered claims `iat`, `exp`, `iss` and `aud`
 * (one audience per role, so a customer token can never pass as an admin one). Verification pins
 * HS256 and requires every one of these claims, so a token signed any other way (`alg: none`), or
 * without an expiry, is refused.
 */
@Injectable()
export class SessionTokens {
  private readonly jwt: JwtService;

  constructor(config: AppConfig) {
    // A ready secret KeyObject: given a string, jsonwebtoken first tries to read it as a public key
    // (and fails) on every call, about 0.5 ms per request (seen in the billing bench's profile).
    this.jwt = new JwtService({ secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) });
  }

  sign(principal: Principal, version: number): Promise<string> {
    return this.jwt.signAsync(
      { role: principal.role, ver: version },
      {
        subject: principal.id,
        jwtid: randomUUID(),
        algorithm: 'HS256',
        expiresIn: principal.role === 'admin' ? ADMIN_TOKEN_TTL_SECONDS : SESSION_TOKEN_TTL_SECONDS,
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE[principal.role],
      },
    );
  }

  /** The claims of a genuine, current token, or null when it is malformed, forged, expired or lacks a claim. */
  async verify(token: string): Promise<SessionClaims | null> {
    let payload: { sub?: unknown; role?: unknown; ver?: unknown; jti?: unknown; iat?: unknown; exp?: unknown; aud?: unknown };
    try {
      payload = await this.jwt.verifyAsync(token, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: [TOKEN_AUDIENCE.customer, TOKEN_AUDIENCE.admin],
      });
    } catch {
      return null;
    }
    const { sub, role, ver, jti, iat, exp, aud } = payload;
    if (typeof sub !== 'string' || !sub || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
    // A token without a session id could not be ended by logging out: tokens signed before session
    // ids existed are refused too (their holders sign in once more).
    if (typeof jti !== 'string' || !SESSION_ID.test(jti)) return null;
    if (typeof aud !== 'string' || ROLE_OF_AUDIENCE.get(aud) !== role) return null;
    return { id: sub, role: role as Role, version: ver, session: { id: jti, expiresAt: new Date(exp * 1000) } };
  }
}
