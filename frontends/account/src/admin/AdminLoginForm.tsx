import { useCallback, useState, type FormEvent } from 'react';
import { type BannerMessage, SubmitButton } from '@growth/kit/ui';
import { adminFailure, adminLogin } from './adminAuth';
import form from '@growth/kit/form.module.css';
import { AuthIntro } from '../auth/AuthIntro';
import { LoginFields } from '../auth/LoginFields';
import { checkCredentials } from '../auth/credentials';
import { useFieldErrors } from '../auth/useFieldErrors';
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

const filled = (key: 'email' | 'password', value: string) => (key === 'email' ? value.trim() !== '' : value !== '');

/** Login mode: e-mail and password, both required (docs/product.md#validation). */
export function AdminLoginForm({ notice, initialEmail, onForgot, onSignedIn }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const { errors, setErrors, edited } = useFieldErrors<'email' | 'password'>(useCallback(filled, []));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(notice);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const { errors: found, first } = checkCredentials(email, password);
    setErrors(found);
    if (first) {
      document.getElementById(`admin-${first}`)?.focus();
      return;
    }
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
      <form className={form.form} onSubmit={submit} noValidate aria-label="Admin login">
        <LoginFields
          idPrefix="admin"
          emailAutoComplete="username"
          email={email}
          onEmailChange={setEmail}
          password={password}
          onPasswordChange={setPassword}
          edited={edited}
          errors={errors}
          busy={busy}
          onForgot={onForgot}
          forgotClassName={styles.linkRow}
        />
        <SubmitButton wide busy={busy}>
          Login
        </SubmitButton>
      </form>
    </>
  );
}
