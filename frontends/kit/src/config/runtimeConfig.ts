/**
 * What the shell read from `GET /api/runtime-config` at start. The shell sets it once before
 * rendering; remotes read it (kit is a shared singleton, so they see the same object).
 */
export interface RuntimeConfig {
  remotes: Record<string, string>;
  /** The shop's name (the server's one setting of it, also the mails' sender name). */
  shopName?: string;
  /** Null when Google sign-in is not configured (docs/architecture.md#runtime-profiles). */
  googleClientId: string | null;
  /** Which payment gateway the server uses, and its public key (docs/architecture.md#runtime-profiles). */
  payments?: { provider: string; keyId: string };
}

let current: RuntimeConfig = { remotes: {}, googleClientId: null };

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}
