import { useCallback, useState, type FormEvent } from 'react';
import { type BannerMessage, CodeField, SubmitButton } from '@growth/kit/ui';
import { adminFailure, resetPassword } from './adminAuth';
import form from '@growth/kit/form.module.css';
import { AuthIntro } from '../auth/AuthIntro';
import { EmailField } from '../auth/EmailField';
import { NewPasswordField } from '../auth/NewPasswordField';
import { EMAIL_REQUIRED } from '../auth/credentials';
import { useFieldErrors } from '../auth/useFieldErrors';
import styles from './AdminLogin.module.css';

interface Props {
  initialEmail: string;
  /** The forgot mode's answer, shown on arrival. */
  notice: BannerMessage | null;
  /** Password changed: back to login with the server's message. */
  onReset(email: string, message: string): void;
  onBack(email: string): void;
  onResend(email: string): void;
}

type Field = 'email' | 'otp' | 'newPassword';
type Errors = Partial<Record<Field, string>>;

const filled = (key: Field, value: string) => (key === 'newPassword' ? value !== '' : value.trim() !== '');

/** Reset mode: the mailed code plus a new password (the code is required, docs/product.md#validation). */
export function ResetPasswordForm({ initialEmail, notice, onReset, onBack, onResend }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { errors, setErrors, edited } = useFieldErrors<Field>(useCallback(filled, []));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(notice);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: Errors = {
      email: email.trim() ? undefined : EMAIL_REQUIRED,
      otp: otp.trim() ? undefined : 'Enter the OTP.',
      newPassword: newPassword ? undefined : 'Please enter a new password.',
    };
    setErrors(found);
    const first = found.email ? 'reset-email' : found.otp ? 'reset-otp' : found.newPassword ? 'reset-password' : null;
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      onReset(email.trim(), await resetPassword(email, otp, newPassword));
    } catch (err) {
      setMessage(adminFailure(err));
      setBusy(false);
    }
  };

  return (
    <>
      <AuthIntro title="Reset Password" subtitle="Enter the code from the e-mail and choose a new password." message={message} />
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Reset password">
        <EmailField id="reset-email" autoComplete="username" value={email} onChange={setEmail} edited={edited} error={errors.email} />
        <CodeField
          id="reset-otp"
          label="Code"
          value={otp}
          onChange={(digits) => {
            setOtp(digits);
            edited('otp', digits);
          }}
          error={errors.otp}
          hint="The 6-digit code we e-mailed you."
        />
        <NewPasswordField id="reset-password" value={newPassword} onChange={setNewPassword} edited={edited} error={errors.newPassword} />
        <SubmitButton wide busy={busy}>
          Reset Password
        </SubmitButton>
      </form>
      <div className={styles.linkRow}>
        <button type="button" className={form.linkButton} onClick={() => onResend(email)} disabled={busy}>
          Send a new code
        </button>
        <button type="button" className={form.linkButton} onClick={() => onBack(email)} disabled={busy}>
          Back to Login
        </button>
      </div>
    </>
  );
}
