import { useState, type FormEvent } from 'react';
import { type BannerMessage, SubmitButton } from '@growth/kit/ui';
import { adminFailure, adminLogin } from './adminAuth';
import form from '@growth/kit/form.module.css';
import { AuthIntro } from '../auth/AuthIntro';
import { LoginFields } from '../auth/LoginFields';
import { useCredentials } from '../auth/useCredentials';
import styles from './AdminLogin.module.css';

interface Props {
  /** A message carried over from the reset mode ('Password reset. Please log in.'). */
  notice: BannerMessage | null;
  /** The address typed in another mode. */
  initialEmail: string;
  onForgot(email: string): void;
  /** Signed in: the page shows the toast and moves on. */
  onSignedIn(message: string): void;
}

/** Login mode: e-mail and password, both required (docs/product.md#validation). */
export function AdminLoginForm({ notice, initialEmail, onForgot, onSignedIn }: Props) {
  const credentials = useCredentials('admin', initialEmail);
  const { email, password } = credentials;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(notice);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!credentials.check()) return;
    setBusy(true);
    try {
      onSignedIn(await adminLogin(email, password));
      // stays busy: the page leaves after the toast
    } catch (err) {
      setMessage(adminFailure(err));
      setBusy(false);
    }
  };

  return (
    <>
      <AuthIntro title="Admin Login" subtitle="Sign in to manage services, plans and clients." message={message} />
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Admin login">
        <LoginFields credentials={credentials} emailAutoComplete="username" busy={busy} onForgot={onForgot} forgotClassName={styles.linkRow} />
        <SubmitButton wide busy={busy}>
          Login
        </SubmitButton>
      </form>
    </>
  );
}
