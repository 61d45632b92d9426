import { createHash } from 'node:crypto';
import { applyDecorators, type CanActivate, type ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { InjectThrottlerStorage, normalizeIp, type ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { tooManyAttempts } from './rate-limit.errors';

const HOUR_MS = 60 * 60 * 1000;
/** The counts here refuse by themselves; the storage's own block never triggers. */
const NO_BLOCK = Number.MAX_SAFE_INTEGER;

/**
 * The cap on codes mailed to one address from every client together
 * (`RATE_LIMIT_OTP_PER_ADDRESS_ALL_CLIENTS` per hour), which never blocks the owner's own request:
 * past the cap, a client that has not asked for this address within the hour still goes through
 * (once), and only clients that have asked before are refused. So requests from other addresses
 * cannot use up the owner's quota; each client's own requests per address are `otp-per-address`
 * (RateLimitModule), and the use cases send at most one code a minute whatever the count.
 * docs/security.md, Reset mails.
 */
@Injectable()
export class AddressMailGuard implements CanActivate {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ body?: { email?: unknown }; ip?: string }>();
    const email = request.body?.email;
    // No address: validation refuses the body.
    if (typeof email !== 'string' || !email.trim()) return true;
    const route = `${context.getClass().name}.${context.getHandler().name}`;
    const address = email.trim().toLowerCase();
    const client = normalizeIp(request.ip ?? 'unknown', 64);
    const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');
    const fromClient = await this.storage.increment(hash(route, address, client), HOUR_MS, NO_BLOCK, 1, 'otp-address-client');
    const all = await this.storage.increment(hash(route, address), HOUR_MS, NO_BLOCK, 1, 'otp-address-all');
    if (all.totalHits <= this.config.rateLimits.otpPerAddressAllClients || fromClient.totalHits === 1) return true;
    const seconds = Math.max(1, Math.min(fromClient.timeToExpire, all.timeToExpire));
    throw tooManyAttempts(seconds);
  }
}

/** Caps the codes mailed to the body's `email` from all clients together: see AddressMailGuard. */
export function LimitMailsPerAddress() {
  return applyDecorators(
    UseGuards(AddressMailGuard),
    ApiTooManyRequestsResponse({ description: 'Too many codes were asked for this address from this client and others; Retry-After says when to try again.' }),
  );
}
