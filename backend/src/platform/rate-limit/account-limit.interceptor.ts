import { createHash } from 'node:crypto';
import { applyDecorators, type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { mergeMap, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';
import { normalizeIp } from '@nestjs/throttler';
import { AccountAttempts, type AttemptPolicy } from './account-attempts';
import { cookieValue, type DeviceArea, KNOWN_DEVICE_MAX_AGE_S, KnownDevices } from './known-device';
import { tooManyAttempts } from './rate-limit.errors';

const ACCOUNT_LIMIT_KEY = 'rate-limit:account';

/**
 * The sign-in routes counted per account, each apart (a customer's and an admin's counts never mix,
 * and an admin whose logins are held up can still reset the password):
 * - customer-login: POST /user/login, by the body's `email`;
 * - admin-login: POST /admin/login, by the body's `email`;
 * - admin-reset: POST /admin/reset-password (code guesses), by the body's `email`;
 * - customer-reset: POST /user/reset-password (code guesses), by the body's `email`.
 * The address counts whether or not it has an account, so a refusal tells nothing about accounts.
 */
export type AccountLimitName = 'customer-login' | 'admin-login' | 'admin-reset' | 'customer-reset';

/** A completed reset proves the mailbox: it also clears the login's waits (docs/security.md). */
const RESET_CLEARS: Partial<Record<AccountLimitName, AccountLimitName>> = { 'customer-reset': 'customer-login', 'admin-reset': 'admin-login' };

/** The account a request names: its body's e-mail address as the accounts store it (trimmed, lower case). */
function accountOf(request: { body?: { email?: unknown } }): string | null {
  const email = request.body?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/** Hashed: the counters' store holds no addresses. */
function keyOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/** The counters of one route and account: from this client, and from every client together. */
function keysOf(name: AccountLimitName, account: string, client: string): { client: string; account: string } {
  return { client: keyOf(name, account, client), account: keyOf(name, account) };
}

function refusal(waitMs: number, hint = ''): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return tooManyAttempts(seconds, hint);
}

interface SignInRequest {
  body?: { email?: unknown };
  ip?: string;
  path: string;
  secure: boolean;
  headers: { cookie?: string };
}

/**
 * Counts each request of the route before the handler checks the secret (see account-attempts.ts),
 * twice: against the account's attempts from this client (`RATE_LIMIT_SIGN_IN_PER_ACCOUNT`, waits
 * from `RATE_LIMIT_SIGN_IN_BACKOFF_SECONDS`), so strangers' failures never hold up the owner's
 * client, and against the account's attempts from every client together
 * (`RATE_LIMIT_SIGN_IN_PER_ACCOUNT_ALL_CLIENTS`, the same waits), which stops guessing from many
 * addresses. A request with the account's known-device cookie skips the second count and its wait.
 * A refusal is the envelope's 429 with Retry-After. A success forgets the counts it went through (a
 * completed reset the login's too) and sets the known-device cookie. Runs after the per-IP throttler guard,
 * so a request refused per IP counts nothing here. docs/security.md, Sign-in.
 */
@Injectable()
export class AccountLimitInterceptor implements NestInterceptor {
  private readonly perClient: AttemptPolicy;
  private readonly perAccount: AttemptPolicy;
  private readonly devices: KnownDevices;

  constructor(
    private readonly attempts: AccountAttempts,
    private readonly reflector: Reflector,
    config: AppConfig,
  ) {
    const firstWaitMs = config.rateLimits.signInBackoffSeconds * 1000;
    this.perClient = { free: config.rateLimits.signInPerAccount, firstWaitMs };
    this.perAccount = { free: config.rateLimits.signInPerAccountAllClients, firstWaitMs };
    this.devices = new KnownDevices(config.jwtSecret);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const name = this.reflector.get<AccountLimitName | undefined>(ACCOUNT_LIMIT_KEY, context.getHandler());
    const request = context.switchToHttp().getRequest<SignInRequest>();
    const account = accountOf(request);
    // No address (or not text): validation refuses the body, nothing to count.
    if (!name || !account) return next.handle();
    const client = normalizeIp(request.ip ?? 'unknown', 64);
    const area: DeviceArea = name.startsWith('admin') ? 'admin' : 'customer';
    const cookie = KnownDevices.cookieName(area);
    const known = this.devices.knows(area, account, cookieValue(request.headers.cookie, cookie), Date.now());
    const keys = keysOf(name, account, client);

    const clientWait = await this.attempts.claim(keys.client, this.perClient);
    if (clientWait > 0) throw refusal(clientWait);
    if (!known) {
      const accountWait = await this.attempts.claim(keys.account, this.perAccount);
      // The owner is told the way round it: a completed reset clears this wait.
      if (accountWait > 0) throw refusal(accountWait, ', or reset your password');
    }
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        // A known device went past the account's count without adding to it: that count stays, or the
        // owner's every sign-in would give a guesser a fresh allowance.
        const cleared = known ? [keys.client] : [keys.client, keys.account];
        const login = RESET_CLEARS[name];
        if (login) cleared.push(...Object.values(keysOf(login, account, client)));
        for (const key of cleared) await this.attempts.clear(key);
        const path = request.path.slice(0, request.path.lastIndexOf('/')) || '/';
        const value = this.devices.issue(area, account, Date.now());
        context
          .switchToHttp()
          .getResponse<{ append(field: string, value: string): void }>()
          .append('Set-Cookie', `${cookie}=${value}; Max-Age=${KNOWN_DEVICE_MAX_AGE_S}; Path=${path}; HttpOnly; SameSite=Strict${request.secure ? '; Secure' : ''}`);
        return answer;
      }),
    );
  }
}

/** Counts the route's attempts per account (the body's `email`): see AccountLimitInterceptor. */
export function LimitPerAccount(name: AccountLimitName) {
  return applyDecorators(
    SetMetadata(ACCOUNT_LIMIT_KEY, name),
    UseInterceptors(AccountLimitInterceptor),
    ApiTooManyRequestsResponse({
      description: 'Too many attempts for this account in a row, from this client or from all; Retry-After says when the next may go ahead.',
    }),
  );
}
