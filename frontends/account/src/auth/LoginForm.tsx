import { useState, type FormEvent } from 'react';
import { getRuntimeConfig, useAuth } from '@growth/kit';
import { failure, type BannerMessage, SubmitButton } from '@growth/kit/ui';
import { GoogleButton } from './GoogleButton';
import form from '@growth/kit/form.module.css';
import { useCredentials } from './useCredentials';
import { AuthIntro } from './AuthIntro';
import { LoginFields } from './LoginFields';
import styles from './Auth.module.css';

interface Props {
  onAttempt(): void;
  onRegister(): void;
  /** 'Forgot Password?': the reset flow, starting from the address typed here. */
  onForgot(email: string): void;
}

/**
 * Login mode: e-mail and password (both required, docs/product.md#validation), 'Forgot Password?'
 * (the reset by mailed code, docs/accounts.md), Google when the server has it configured, and the
 * way to register.
 */
export function LoginForm({ onAttempt, onRegister, onForgot }: Props) {
  const { login, lastAuthError } = useAuth();
  const credentials = useCredentials('login');
  const { email, password } = credentials;
  // Without a client id the server cannot check a Google sign-in, so the button is not offered.
  const googleConfigured = !!getRuntimeConfig().googleClientId;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!credentials.check()) return;
    setBusy(true);
    onAttempt();
    if (await login(email, password)) {
      setMessage({ tone: 'success', text: 'Login successful!' });
    } else {
      setMessage(failure('Invalid email or password.', lastAuthError()));
      setBusy(false);
    }
  };

  return (
    <>
      <AuthIntro title="Welcome Back" subtitle="Sign in to follow your orders and grow faster." message={message} />
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Login">
        <LoginFields credentials={credentials} emailAutoComplete="email" busy={busy} onForgot={onForgot} forgotClassName={styles.forgotRow} />
        <SubmitButton wide busy={busy}>
          Login Now
        </SubmitButton>
      </form>
      {googleConfigured && (
        <>
          <div className={styles.divider}>
            <span>or</span>
          </div>
          <GoogleButton onMessage={setMessage} onAttempt={onAttempt} />
        </>
      )}
      <p className={styles.switch}>
        Don&apos;t have an account?{' '}
        <button type="button" className={form.linkButton} onClick={onRegister}>
          Register Now
        </button>
      </p>
    </>
  );
}
