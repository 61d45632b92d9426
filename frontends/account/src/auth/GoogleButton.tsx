import { useRef, useState } from 'react';
import { errorText, getRuntimeConfig, useAuth } from '@growth/kit';
import { failure, type BannerMessage } from '@growth/kit/ui';
import { startGoogleSignIn } from './googleIdentity';
import styles from './Auth.module.css';

interface Props {
  onMessage(message: BannerMessage | null): void;
  /** Called right before the session may start (the page then follows `next`). */
  onAttempt(): void;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.googleMark}>
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.1-4 1.1-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.7 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}

/**
 * 'Continue with Google': loads Google's script only when clicked. Shown only when the runtime
 * config carries a client id (LoginForm leaves it out otherwise); should the config lose it
 * meanwhile, the click says so instead of failing silently.
 */
export function GoogleButton({ onMessage, onAttempt }: Props) {
  const { googleLogin, lastAuthError } = useAuth();
  const [busy, setBusy] = useState(false);
  const [fallbackShown, setFallbackShown] = useState(false);
  const fallback = useRef<HTMLDivElement>(null);

  const signIn = async (idToken: string) => {
    setBusy(true);
    onMessage(null);
    onAttempt();
    if (await googleLogin(idToken)) {
      onMessage({ tone: 'success', text: 'Logged in with Google!' });
    } else {
      onMessage(failure('Google sign-in failed.', lastAuthError()));
      setBusy(false);
    }
  };

  const onClick = async () => {
    onMessage(null);
    const clientId = getRuntimeConfig().googleClientId;
    if (!clientId) {
      onMessage({ tone: 'info', text: 'Google sign-in is not configured.', detail: 'Please use your e-mail and password.' });
      return;
    }
    setBusy(true);
    try {
      await startGoogleSignIn(
        clientId,
        fallback.current as HTMLDivElement,
        (idToken) => void signIn(idToken),
        () => setFallbackShown(true),
      );
    } catch (error) {
      onMessage(failure('Google sign-in failed.', errorText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.google}>
      <button type="button" className={`button ${styles.googleButton}`} onClick={() => void onClick()} disabled={busy} aria-busy={busy}>
        <GoogleMark />
        Continue with Google
      </button>
      <p className={styles.googleHint} hidden={!fallbackShown}>
        Choose your Google account below.
      </p>
      <div ref={fallback} className={styles.googleFallback} />
    </div>
  );
}
