import { createHash } from 'node:crypto';
import { type ExecutionContext, Module } from '@nestjs/common';
import { normalizeIp, ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { AccountAttempts, MemoryAccountAttempts } from './account-attempts';
import { AccountLimitInterceptor } from './account-limit.interceptor';
import { AddressMailGuard } from './address-mail.guard';
import { RateLimitGuard } from './rate-limit.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/**
 * The app's named rate limits. A route opts in with `@RateLimit('otp-per-address', ...)`; each
 * route keeps its own counters (the throttler's key includes the handler), but password-per-account.
 * - otp-per-address: codes sent to one e-mail address (the body's `email`) from one client address, per hour;
 *   all clients together are capped by `@LimitMailsPerAddress()` (address-mail.guard.ts), which never refuses
 *   a client's first request for the address.
 * - otp-per-ip: codes requested from one client address, per hour.
 * - sign-in-per-ip: attempts of one sign-in route (login, verify-otp, register, google) from one client address, per 15 minutes.
 * - contact-per-ip: contact requests sent from one client address, per hour.
 * - password-per-account: password checks of one signed-in account (a body with `newPassword`, or
 *   with the `currentPassword` an admin's e-mail change asks for), per 15 minutes, whatever the
 *   client address, one count for every route that checks it; put `@RateLimit` above `@Authenticated`, so the session is known when it counts.
 *
 * Sign-in attempts per account (the body's e-mail, from any client address, with growing waits) are
 * `@LimitPerAccount(...)` (account-limit.interceptor.ts), on the same store.
 *
 * The client address is `req.ip`: the socket's address, or the one the proxies named by TRUST_PROXY
 * (configure-app.ts) saw; a client's own X-Forwarded-For never counts.
 */
export type RateLimitName = 'otp-per-address' | 'otp-per-ip' | 'sign-in-per-ip' | 'contact-per-ip' | 'password-per-account';

const HOUR = 60 * 60 * 1000;

function ipOf(request: { ip?: string }): string {
  return normalizeIp(request.ip ?? 'unknown', 64);
}

function accountOf(request: { principal?: { id: string; role: string }; ip?: string }): string {
  return request.principal ? `${request.principal.role}:${request.principal.id}` : `ip:${ipOf(request)}`;
}

function checksPassword(context: ExecutionContext): boolean {
  const body = context.switchToHttp().getRequest<{ body?: { newPassword?: unknown; currentPassword?: unknown } }>().body;
  return [body?.newPassword, body?.currentPassword].some((value) => typeof value === 'string' && value !== '');
}

/** The address and the client together: other clients' requests never use up this client's quota for the address. */
function emailOf(request: { body?: { email?: unknown }; ip?: string }): string {
  const email = request.body?.email;
  return typeof email === 'string' && email.trim() ? `email:${email.trim().toLowerCase()}\nip:${ipOf(request)}` : `ip:${ipOf(request)}`;
}

/**
 * @nestjs/throttler (and the per-account attempts) with its counters in Redis when REDIS_URL is set (shared by every instance),
 * in memory otherwise, and in this instance's memory while Redis cannot be reached (see
 * RedisThrottlerStorage; /api/health says which).
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        throttlers: [
          { name: 'otp-per-address', ttl: HOUR, limit: config.rateLimits.otpPerAddress, getTracker: emailOf },
          { name: 'otp-per-ip', ttl: HOUR, limit: config.rateLimits.otpPerIp, getTracker: ipOf },
          { name: 'sign-in-per-ip', ttl: HOUR / 4, limit: config.rateLimits.signInPerIp, getTracker: ipOf },
          { name: 'contact-per-ip', ttl: HOUR, limit: config.rateLimits.contactPerIp, getTracker: ipOf },
          {
            name: 'password-per-account',
            ttl: HOUR / 4,
            limit: config.rateLimits.passwordPerAccount,
            getTracker: accountOf,
            // One counter per account, not per route: update-email/request and update-password share it.
            generateKey: (_context, tracker, name) => createHash('sha256').update(`${name}\n${tracker}`).digest('base64url'),
            skipIf: (context) => !checksPassword(context),
          },
        ],
        storage: config.redisUrl ? RedisThrottlerStorage.connect(config.redisUrl, config.queuePrefix) : undefined,
      }),
    }),
  ],
  providers: [
    RateLimitGuard,
    {
      // The per-account attempts live where the throttler's counters do.
      provide: AccountAttempts,
      inject: [ThrottlerStorage],
      useFactory: (storage: ThrottlerStorage) => (storage instanceof RedisThrottlerStorage ? storage : new MemoryAccountAttempts()),
    },
    AccountLimitInterceptor,
    AddressMailGuard,
  ],
  exports: [ThrottlerModule, RateLimitGuard, AccountAttempts, AccountLimitInterceptor, AddressMailGuard],
})
export class RateLimitModule {}
