import { useCallback, useState, type FormEvent } from 'react';
import { errorText } from '@growth/kit';
import { isSignUpCode as isCode, requestSignUpCode, verifySignUpCode } from '@growth/kit/sign-up';
import { failure, type BannerMessage, SubmitButton } from '@growth/kit/ui';
import form from '@growth/kit/form.module.css';
import { cooldownSeconds, failureOnce } from './messages';
import { AuthIntro } from './AuthIntro';
import { CodeSentTo } from './CodeSentTo';
import { CodeField } from './CodeField';
import { OtpActions } from './OtpActions';
import { useFieldErrors } from './useFieldErrors';
import styles from './Auth.module.css';

interface Props {
  email: string;
  otp: string;
  onOtpChange(otp: string): void;
  message: BannerMessage | null;
  onMessage(message: BannerMessage | null): void;
  /** When a new code may be asked for (epoch ms). */
  resendAt: number;
  /** A new code was sent, or the server says the last one is still in its wait (`waitMs` left). */
  onResent(waitMs: number): void;
  onVerified(): void;
  onChangeEmail(): void;
}

/** Register step 2 ('Enter OTP'): the 6-digit code mailed in step 1. */
export function RegisterOtpStep({ email, otp, onOtpChange, message, onMessage: setMessage, resendAt, onResent, onVerified, onChangeEmail }: Props) {
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, edited } = useFieldErrors<'otp'>(useCallback((_key, value) => isCode(value), []));

  const verifyOtp = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!isCode(otp)) {
      setErrors({ otp: otp ? 'The code has 6 digits.' : 'Please enter the 6-digit code.' });
      document.getElementById('register-otp')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await verifySignUpCode(email, otp);
      setMessage({ tone: 'success', text: 'OTP verified!' });
      onVerified();
    } catch (error) {
      setMessage(failureOnce('Invalid OTP.', errorText(error)));
      setBusy(false);
    }
  };

  const sendAgain = async () => {
    setMessage(null);
    setBusy(true);
    try {
      await requestSignUpCode(email);
      onOtpChange('');
      setMessage({ tone: 'success', text: 'OTP sent!' });
      onResent(0);
    } catch (error) {
      const wait = cooldownSeconds(error);
      if (wait !== null) onResent(wait * 1000);
      else setMessage(failure('Unable to send OTP.', errorText(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthIntro
        title="Enter OTP"
        subtitle={
          <>
            <CodeSentTo email={email} />.
          </>
        }
        message={message}
      >
        {/* The server answers alike for an address that has an account (no enumeration): its owner is mailed how to sign in instead. */}
        <p className={styles.subtitle}>If this address already has an account, the e-mail tells you how to sign in instead.</p>
      </AuthIntro>
      <form className={form.form} onSubmit={(event) => void verifyOtp(event)} noValidate aria-label="Enter OTP">
        <CodeField id="register-otp" label="One-time code" value={otp} onChange={onOtpChange} edited={edited} error={errors.otp} />
        <SubmitButton wide busy={busy}>
          Verify OTP
        </SubmitButton>
      </form>
      <OtpActions resendAt={resendAt} busy={busy} onResend={() => void sendAgain()} onMessage={setMessage} onChangeEmail={onChangeEmail} />
    </>
  );
}
