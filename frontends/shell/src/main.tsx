// Entry of the host. Reads where the remotes live, registers them, then starts React. The host's
// shared singletons are eager (kit/build/rspack.mjs), so no async boundary is needed: React, the
// router and the layout arrive in main.js, and nothing waits for a second round of chunks.
import './styles/shell.css';
import '@growth/kit/src/ui/kit.css';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@growth/kit';
import { mount } from './bootstrap';

const RUNTIME_CONFIG_URL = '/api/runtime-config';

async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
  const body = (await response.json()) as { success?: boolean; remotes?: unknown; googleClientId?: unknown; payments?: { provider?: unknown; keyId?: unknown } };
  if (!body?.success || !body.remotes || typeof body.remotes !== 'object') {
    throw new Error(`${RUNTIME_CONFIG_URL} sent no remotes`);
  }
  const remotes: Record<string, string> = {};
  for (const [name, entry] of Object.entries(body.remotes as Record<string, unknown>)) {
    // The federation runtime wants absolute entry (or manifest) URLs.
    if (typeof entry === 'string' && entry) remotes[name] = new URL(entry, window.location.href).href;
  }
  const payments =
    typeof body.payments?.provider === 'string' && typeof body.payments.keyId === 'string'
      ? { provider: body.payments.provider, keyId: body.payments.keyId }
      : undefined;
  return { remotes, googleClientId: typeof body.googleClientId === 'string' ? body.googleClientId : null, payments };
}

function showStartupError(root: HTMLElement, retry: () => void): void {
  const box = document.createElement('div');
  box.className = 'startup-error';
  box.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = 'We could not load the shop';
  const text = document.createElement('p');
  text.textContent = 'Please check your connection and try again.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--primary';
  button.textContent = 'Retry';
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = 'Retrying…';
    retry();
  });
  box.append(heading, text, button);
  root.replaceChildren(box);
  button.focus();
}

async function start(): Promise<void> {
  const root = document.getElementById('root') as HTMLElement;
  try {
    const config = await loadRuntimeConfig(); // preloaded by index.html (backend PreloadHints)
    // Registering fetches nothing: a remote is requested only when a route loads it. The entry is
    // whatever the server gives: a remoteEntry.js (one request less) or an mf-manifest.json.
    registerRemotes(
      Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })),
      { force: true },
    );
    mount(root, config);
  } catch (error) {
    console.error('Start-up failed:', error);
    showStartupError(root, () => void start());
  }
}

void start();
