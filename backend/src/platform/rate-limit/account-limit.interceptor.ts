import { createHash } from 'node:crypto';
import { applyDecorators, type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { mergeMap, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';
import { AccountAttempts, type AttemptPolicy } from './account-attempts';
import { waitText } from './rate-limit.guard';

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

/** The account a request names: its body's e-mail address as the accounts store it (trimmed, lower case). */
function accountOf(request: { body?: { email?: unknown } }): string | null {
  const email = request.body?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * Counts each request of the route against its account's attempts (see account-attempts.ts) before
 * the handler checks the secret, refuses one during a wait with the envelope's 429 and Retry-After,
 * and forgets the count when the handler succeeds. Runs after the per-IP throttler guard, so a
 * request refused per IP counts nothing here.
 */
@Injectable()
export class AccountLimitInterceptor implements NestInterceptor {
  private readonly policy: AttemptPolicy;

  constructor(
    private readonly attempts: AccountAttempts,
    private readonly reflector: Reflector,
    config: AppConfig,
  ) {
    this.policy = { free: config.rateLimits.signInPerAccount, firstWaitMs: config.rateLimits.signInBackoffSeconds * 1000 };
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const name = this.reflector.get<AccountLimitName | undefined>(ACCOUNT_LIMIT_KEY, context.getHandler());
    const account = accountOf(context.switchToHttp().getRequest());
    // No address (or not text): validation refuses the body, nothing to count.
    if (!name || !account) return next.handle();
    // Hashed: the counters' store holds no addresses.
    const key = createHash('sha256').update(`${name}\n${account}`).digest('base64url');
    const waitMs = await this.attempts.claim(key, this.policy);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('rate_limited', `Too many attempts. Please try again in ${waitText(seconds)}.`, 'rate_limited', seconds);
    }
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await this.attempts.clear(key);
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
    ApiTooManyRequestsResponse({ description: 'Too many attempts for this account in a row; Retry-After says when the next may go ahead.' }),
  );
}
