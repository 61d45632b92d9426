import { useCallback, useState, type FormEvent } from 'react';
import { errorText, useAuth } from '@growth/kit';
import { failure, type BannerMessage, SubmitButton } from '@growth/kit/ui';
import form from '@growth/kit/form.module.css';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, requestPasswordReset, resetPassword } from './passwordReset';
import { AuthIntro } from './AuthIntro';
import { CodeSentTo } from './CodeSentTo';
import { CodeField } from './CodeField';
import { NewPasswordField } from './NewPasswordField';
import { OtpActions } from './OtpActions';
import { useFieldErrors } from './useFieldErrors';
import styles from './Auth.module.css';

interface Props {
  email: string;
  message: BannerMessage | null;
  onMessage(message: BannerMessage | null): void;
  /** When a new code may be asked for (epoch ms). */
  resendAt: number;
  onResent(): void;
  onChangeEmail(): void;
  /** Called right before the session starts (the page then sends the customer on). */
  onAttempt(): void;
}

type Field = 'otp' | 'newPassword';

const isCode = (value: string) => /^\d{6}$/.test(value);

function passwordProblem(password: string): string | undefined {
  if (!password) return 'Please choose a new password.';
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}

const fixed = (key: Field, value: string) => (key === 'otp' ? isCode(value) : !passwordProblem(value));

/** "Forgot Password?" step 2: the mailed code and a new password; success signs the customer in. */
export function ResetCodeStep({ email, message, onMessage: setMessage, resendAt, onResent, onChangeEmail, onAttempt }: Props) {
  const { startSession } = useAuth();
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, edited } = useFieldErrors<Field>(useCallback(fixed, []));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: Partial<Record<Field, string>> = {
      otp: isCode(otp) ? undefined : otp ? 'The code has 6 digits.' : 'Please enter the 6-digit code.',
      newPassword: passwordProblem(newPassword),
    };
    setErrors(found);
    const first = found.otp ? 'reset-otp' : found.newPassword ? 'reset-new-password' : null;
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { message: done, grant } = await resetPassword(email, otp, newPassword);
      setMessage({ tone: 'success', text: done });
      onAttempt();
      startSession(grant);
    } catch (error) {
      setMessage(failure('Unable to reset the password.', errorText(error)));
      setBusy(false);
    }
  };

  const sendAgain = async () => {
    setMessage(null);
    setBusy(true);
    try {
      setMessage({ tone: 'success', text: await requestPasswordReset(email) });
      setOtp('');
      onResent();
    } catch (error) {
      setMessage(failure('Unable to send the code.', errorText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthIntro
        title="Reset Password"
        subtitle={
          <>
            <CodeSentTo email={email} /> and choose a new password.
          </>
        }
        message={message}
      >
        <p className={styles.subtitle}>Setting a new password signs you out on every other device.</p>
      </AuthIntro>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Reset password">
        <CodeField id="reset-otp" label="Code" value={otp} onChange={setOtp} edited={edited} error={errors.otp} />
        <NewPasswordField
          id="reset-new-password"
          value={newPassword}
          onChange={setNewPassword}
          edited={edited}
          error={errors.newPassword}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <SubmitButton wide busy={busy}>
          Reset Password
        </SubmitButton>
      </form>
      <OtpActions resendAt={resendAt} busy={busy} onResend={() => void sendAgain()} onMessage={setMessage} onChangeEmail={onChangeEmail} />
    </>
  );
}
