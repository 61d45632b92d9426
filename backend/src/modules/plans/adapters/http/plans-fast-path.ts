import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FastLane } from '../../../../platform/http/fast-lane';
import { API_PREFIX } from '../../../../platform/http/configure-app';
import { CONTROL_CHARACTERS } from '../../../../platform/http/validation.pipe';
import { PlanResponseCache } from '../../application/plan-response.cache';
import { MAX_PLAN_NAME_LENGTH } from './get-plan-by-name.request';

const ROUTE = `/${API_PREFIX}/plans/`;
const POST_ROUTE = `/${API_PREFIX}/plan/getByName`;

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
    this.fastLane.register({ path: ROUTE, parameter: true, keyOf: (url) => this.keyOf(url), peek: (key) => this.cache.peek(key) });
    // The spec's POST /plan/getByName asks the same cache: repeated lookups skip the full stack too.
    this.fastLane.registerPost({ path: POST_ROUTE, keyOf: (body) => this.keyOfBody(body), peek: (key) => this.cache.peek(key) });
  }

  /** The cache key of a plain body, or null for anything the controller should judge. */
  keyOfBody(body: unknown): string | null {
    const name = nameInBody(body);
    return name === null ? null : this.cache.keyOf(name);
  }

  /** The cache key of a plain request's URL, or null for anything the controller should see. */
  keyOf(url: string): string | null {
    const name = nameOf(url);
    return name === null ? null : this.cache.keyOf(name);
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

/**
 * The plan name of a plain POST body, `{ "name": "<text>" }` and nothing else, trimmed as the request
 * DTO trims it; null for anything the controller should judge (other fields, which the validation
 * pipe drops or refuses, a control character, a name that is not text, empty or too long).
 */
function nameInBody(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'name') return null;
  const value = (body as { name: unknown }).name;
  if (typeof value !== 'string' || CONTROL_CHARACTERS.test(value)) return null;
  const name = value.trim();
  return name.length === 0 || name.length > MAX_PLAN_NAME_LENGTH ? null : name;
}
