import type { RuntimeConfig } from '@growth/contracts';

/**
 * What the shell read from `GET /api/runtime-config` at start (RuntimeConfig). The shell sets it once
 * before rendering; remotes read it (kit is a shared singleton, so they see the same object).
 */

let current: RuntimeConfig = { remotes: {}, googleClientId: null };

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}
