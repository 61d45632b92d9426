import { useState, type FormEvent } from 'react';
import { useAuth } from '@growth/kit';
import { Banner, failure, type BannerMessage } from '@growth/kit/src/ui/forms/Banner';
import { PasswordField } from '@growth/kit/src/ui/forms/PasswordField';
import { SubmitButton } from '@growth/kit/src/ui/forms/SubmitButton';
import { TextField } from '@growth/kit/src/ui/forms/TextField';
import { GoogleButton } from './GoogleButton';
import form from '@growth/kit/src/ui/forms/Form.module.css';
import { checkCredentials } from './credentials';
import styles from './Auth.module.css';

interface Props {
  onAttempt(): void;
  onRegister(): void;
}

/** Login mode: e-mail and password (both required, docs/product.md#validation), Google, and the way to register. */
export function LoginForm({ onAttempt, onRegister }: Props) {
  const { login, lastAuthError } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const { errors: found, first } = checkCredentials(email, password);
    setErrors(found);
    if (first) {
      document.getElementById(`login-${first}`)?.focus();
      return;
    }
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
      <header className={styles.intro}>
        <h1 className={styles.title} tabIndex={-1}>Welcome Back</h1>
        <p className={styles.subtitle}>Sign in to follow your orders and grow faster.</p>
      </header>
      <Banner message={message} />
      <form className={form.form} onSubmit={submit} noValidate aria-label="Login">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <div className={styles.forgotRow}>
          {/* Shown, and does nothing: docs/product.md#screens-and-routes (auth screen). */}
          <button type="button" className={form.linkButton}>
            Forgot Password?
          </button>
        </div>
        <SubmitButton wide busy={busy}>Login Now</SubmitButton>
      </form>
      <div className={styles.divider}>
        <span>or</span>
      </div>
      <GoogleButton onMessage={setMessage} onAttempt={onAttempt} />
      <p className={styles.switch}>
        Don&apos;t have an account?{' '}
        <button type="button" className={form.linkButton} onClick={onRegister}>
          Register Now
        </button>
      </p>
    </>
  );
}
