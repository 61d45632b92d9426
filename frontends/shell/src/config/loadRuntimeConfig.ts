import { registerRemotes } from '@module-federation/enhanced/runtime';
import { setRuntimeConfig, type RuntimeConfig } from '@growth/kit';

const RUNTIME_CONFIG_URL = '/api/runtime-config';

/** GET /api/runtime-config (preloaded by index.html, see the backend's PreloadHints), checked. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
  const body = (await response.json()) as {
    success?: boolean;
    remotes?: unknown;
    googleClientId?: unknown;
    payments?: { provider?: unknown; keyId?: unknown; sandbox?: unknown };
  };
  if (!body?.success || !body.remotes || typeof body.remotes !== 'object') {
    throw new Error(`${RUNTIME_CONFIG_URL} sent no remotes`);
  }
  const remotes: Record<string, string> = {};
  for (const [name, entry] of Object.entries(body.remotes as Record<string, unknown>)) {
    // The federation runtime wants absolute entry (or manifest) URLs.
    if (typeof entry === 'string' && entry) remotes[name] = new URL(entry, window.location.href).href;
  }
  // `sandbox`: the payments take no real money now (the admin's banner, docs/payments.md#sandbox-orders).
  const payments =
    typeof body.payments?.provider === 'string' && typeof body.payments.keyId === 'string'
      ? { provider: body.payments.provider, keyId: body.payments.keyId, sandbox: body.payments.sandbox === true }
      : undefined;
  return { remotes, googleClientId: typeof body.googleClientId === 'string' ? body.googleClientId : null, payments };
}

/**
 * Reads the runtime config and registers the remotes it names. Registering fetches nothing: a remote
 * is requested only when a route loads it. The entry is whatever the server gives: a
 * remoteEntry.js (one request less) or an mf-manifest.json.
 */
export async function startRemotes(): Promise<void> {
  const config = await fetchRuntimeConfig();
  setRuntimeConfig(config);
  registerRemotes(
    Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}
