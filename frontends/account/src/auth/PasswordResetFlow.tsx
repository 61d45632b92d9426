import { useEffect, useRef, useState } from 'react';
import type { BannerMessage } from '@growth/kit/ui';
import form from '@growth/kit/form.module.css';
import { ForgotEmailStep } from './ForgotEmailStep';
import { RESEND_WAIT_SECONDS } from './ResendCodeButton';
import { ResetCodeStep } from './ResetCodeStep';
import styles from './Auth.module.css';

type Step = 'email' | 'reset';

interface Props {
  /** The address typed on the login form, if any. */
  initialEmail: string;
  onAttempt(): void;
  onLogin(): void;
}

/**
 * "Forgot Password?": the e-mail step mails a code, the reset step takes it with a new password and
 * signs the customer in (every older session ends, docs/accounts.md). The flow holds what both
 * steps share: the address, the banner and when a new code may be asked for.
 */
export function PasswordResetFlow({ initialEmail, onAttempt, onLogin }: Props) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(initialEmail.trim());
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const codeSent = () => setResendAt(Date.now() + RESEND_WAIT_SECONDS * 1000);

  // A new step puts the cursor in its first field.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    document.getElementById(step === 'email' ? 'forgot-email' : 'reset-otp')?.focus();
  }, [step]);

  return (
    <>
      <button type="button" className={`${form.linkButton} ${styles.back}`} onClick={onLogin}>
        Back to Login
      </button>
      {step === 'email' ? (
        <ForgotEmailStep
          email={email}
          onEmailChange={setEmail}
          message={message}
          onMessage={setMessage}
          onSent={() => {
            codeSent();
            setStep('reset');
          }}
        />
      ) : (
        <ResetCodeStep
          email={email}
          message={message}
          onMessage={setMessage}
          resendAt={resendAt}
          onResent={codeSent}
          onChangeEmail={() => setStep('email')}
          onAttempt={onAttempt}
        />
      )}
    </>
  );
}
