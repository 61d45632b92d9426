import { useState } from 'react';
import type { BannerMessage } from '@growth/kit/ui';
import { adminFailure, requestResetCode } from './adminAuth';
import form from '@growth/kit/form.module.css';
import { AuthIntro } from '../auth/AuthIntro';
import { EmailForm } from '../auth/EmailForm';
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
  const emailForm = useEmailForm('forgot-email', 'username');
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const submit = emailForm.sendWith(email, setMessage, async () => onSent(email.trim(), await requestResetCode(email)), adminFailure);

  return (
    <>
      <AuthIntro title="Forgot Password" subtitle="We will e-mail a 6-digit code to reset your password." message={message} />
      <EmailForm label="Request a reset code" submitLabel="Send Code" email={email} onEmailChange={setEmail} state={emailForm} onSubmit={submit} />
      <button type="button" className={`${form.linkButton} ${styles.back}`} onClick={() => onBack(email)}>
        Back to Login
      </button>
    </>
  );
}
