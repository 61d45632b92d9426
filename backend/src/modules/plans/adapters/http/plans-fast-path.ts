import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { CachedBody } from '../../../../platform/http/cached-json';
import { FastLane } from '../../../../platform/http/fast-lane';
import { API_PREFIX } from '../../../../platform/http/configure-app';
import { PlanResponseCache } from '../../application/plan-response.cache';
import { MAX_PLAN_NAME_LENGTH } from './get-plan-by-name.request';

const ROUTE = `/${API_PREFIX}/plans/`;

/**
 * Puts GET /api/plans/{name} in the platform's fast lane: a plain request for a plan already in the
 * PlanResponseCache is answered from there before Express and Nest (see FastLane for why: every
 * pricing page load asks for it, preloaded by index.html). Anything else (a miss, a query string,
 * a name that needs the full validation) goes to PlansController, which answers it and fills the
 * cache.
 */
@Injectable()
export class PlansFastPath implements OnModuleInit {
  constructor(
    private readonly fastLane: FastLane,
    private readonly cache: PlanResponseCache,
  ) {}

  onModuleInit(): void {
    this.fastLane.register({ path: ROUTE, parameter: true, lookup: (url) => this.lookup(url) });
  }

  lookup(url: string): CachedBody | undefined {
    const name = nameOf(url);
    return name === null ? undefined : this.cache.peek(this.cache.keyOf(name));
  }
}

/**
 * The plan name of a plain request, decoded as Express decodes a path parameter and trimmed as the
 * request DTO trims it; null for anything the controller should see: a query string, a bad
 * escape (Express answers 400), an empty or long name. Never accepts what the controller refuses:
 * a name of at most MAX_PLAN_NAME_LENGTH UTF-16 units is at most that long for class-validator too.
 */
function nameOf(url: string): string | null {
  if (!url.startsWith(ROUTE) || url.includes('?')) return null;
  const segment = url.slice(ROUTE.length);
  if (segment.length === 0 || segment.includes('/')) return null;
  let name: string;
  try {
    name = decodeURIComponent(segment).trim();
  } catch {
    return null;
  }
  return name.length === 0 || name.length > MAX_PLAN_NAME_LENGTH ? null : name;
}
