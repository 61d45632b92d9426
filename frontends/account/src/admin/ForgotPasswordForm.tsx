import { useState, type FormEvent } from 'react';
import { type BannerMessage, SubmitButton } from '@growth/kit/ui';
import { adminFailure, requestResetCode } from './adminAuth';
import form from '@growth/kit/form.module.css';
import { AuthIntro } from '../auth/AuthIntro';
import { EmailField } from '../auth/EmailField';
import { useEmailForm } from '../auth/useEmailForm';
import styles from './AdminLogin.module.css';

interface Props {
  initialEmail: string;
  /** The code is on its way: on to the reset mode with the server's message. */
  onSent(email: string, message: string): void;
  onBack(email: string): void;
}

/** Forgot mode: asks for a reset code by e-mail, then leads to the reset mode. */
export function ForgotPasswordForm({ initialEmail, onSent, onBack }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const { errors, edited, check, busy, setBusy } = useEmailForm('forgot-email');
  const [message, setMessage] = useState<BannerMessage | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!check(email)) return;
    setBusy(true);
    try {
      onSent(email.trim(), await requestResetCode(email));
    } catch (err) {
      setMessage(adminFailure(err));
      setBusy(false);
    }
  };

  return (
    <>
      <AuthIntro title="Forgot Password" subtitle="We will e-mail a 6-digit code to reset your password." message={message} />
      <form className={form.form} onSubmit={submit} noValidate aria-label="Request a reset code">
        <EmailField id="forgot-email" autoComplete="username" value={email} onChange={setEmail} edited={edited} error={errors.email} />
        <SubmitButton wide busy={busy}>
          Send Code
        </SubmitButton>
      </form>
      <button type="button" className={`${form.linkButton} ${styles.back}`} onClick={() => onBack(email)}>
        Back to Login
      </button>
    </>
  );
}
