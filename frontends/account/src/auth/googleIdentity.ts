import { createScriptLoader } from '@growth/kit';
/**
 * Google Identity Services, loaded on demand (docs/architecture.md#outside-resources): the script is requested only when a
 * visitor asks to continue with Google and a client id is configured.
 */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const LOAD_TIMEOUT_MS = 15_000;

interface PromptMoment {
  isNotDisplayed?(): boolean;
  isSkippedMoment?(): boolean;
}

interface GoogleId {
  initialize(options: {
    client_id: string;
    callback(response: { credential?: string }): void;
    ux_mode?: 'popup';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(listener?: (moment: PromptMoment) => void): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

/** Loads the script once; rejects when it cannot load (offline, blocked) or does not answer. */
export const loadGoogleIdentity: () => Promise<GoogleId> = createScriptLoader({
  url: GOOGLE_SCRIPT_URL,
  timeoutMs: LOAD_TIMEOUT_MS,
  ready: () => window.google?.accounts?.id,
  vendor: 'Google',
  notStarted: 'Google sign-in did not start.',
});

/**
 * Asks Google for an ID token: the account chooser (One Tap) first; where the browser does not
 * show it, Google's own button is drawn into `fallback` for the visitor to press. `onToken` is
 * called with the ID token whichever way the visitor signs in.
 */
export async function startGoogleSignIn(clientId: string, fallback: HTMLElement, onToken: (idToken: string) => void, onFallbackShown: () => void): Promise<void> {
  const id = await loadGoogleIdentity();
  id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    auto_select: false,
    cancel_on_tap_outside: true,
    use_fedcm_for_prompt: true,
    callback: (response) => {
      if (response.credential) onToken(response.credential);
    },
  });
  id.prompt((moment) => {
    if (moment.isNotDisplayed?.() || moment.isSkippedMoment?.()) {
      fallback.replaceChildren();
      id.renderButton(fallback, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'pill' });
      onFallbackShown();
    }
  });
}
