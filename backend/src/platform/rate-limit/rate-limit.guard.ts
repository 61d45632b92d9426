import { applyDecorators, type ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest } from '@nestjs/throttler';
import { tooManyAttempts } from './rate-limit.errors';
import type { RateLimitName } from './rate-limit.module';

const RATE_LIMITS_KEY = 'rate-limit:names';

/**
 * The throttler guard, applied per route with `@RateLimit(...names)`: only the named limits of
 * that route count, and a refusal is the envelope's 429 with a human message and Retry-After.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const names = this.reflector.getAllAndOverride<string[] | undefined>(RATE_LIMITS_KEY, [request.context.getHandler(), request.context.getClass()]) ?? [];
    if (!names.includes(request.throttler.name ?? 'default')) return true;
    return super.handleRequest(request);
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    // The envelope's filter sends the standard Retry-After (besides the throttler's own Retry-After-<name>).
    const seconds = detail.timeToBlockExpire;
    throw tooManyAttempts(seconds);
  }
}

/** Counts each request of the route against the named limits (see RateLimitModule). */
export function RateLimit(...names: RateLimitName[]) {
  return applyDecorators(
    SetMetadata(RATE_LIMITS_KEY, names),
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({ description: 'A rate limit was reached; Retry-After says when to try again.' }),
  );
}
