import { useEffect, useRef, useState } from 'react';
import type { BannerMessage } from '@growth/kit/ui';
import { useCountries } from '../countries/useCountries';
import form from '@growth/kit/form.module.css';
import { RegisterDetailsStep } from './RegisterDetailsStep';
import { RegisterEmailStep } from './RegisterEmailStep';
import { RegisterOtpStep } from './RegisterOtpStep';
import { RESEND_WAIT_SECONDS } from './ResendCodeButton';
import styles from './Auth.module.css';

type Step = 'email' | 'otp' | 'details';

interface Props {
  onAttempt(): void;
  onLogin(): void;
}

const STEPS: { id: Step; label: string }[] = [
  { id: 'email', label: 'E-mail' },
  { id: 'otp', label: 'Code' },
  { id: 'details', label: 'Details' },
];

const FIRST_FIELD: Record<Step, string> = { email: 'register-email', otp: 'register-otp', details: 'register-name' };

/**
 * Register mode: verify the e-mail, enter the 6-digit OTP, then the account details, each step a
 * component of its own. The flow holds what the steps share: the address, the code, the banner
 * (a step's success message stays up on the next step) and when a new code may be sent.
 */
export function RegisterFlow({ onAttempt, onLogin }: Props) {
  const [step, setStep] = useState<Step>('email');
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [resendAt, setResendAt] = useState(0);
  // Loaded from the first step on, so the details step opens with its lists ready.
  const countries = useCountries();

  // A new step puts the cursor in its first field.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    document.getElementById(FIRST_FIELD[step])?.focus();
  }, [step]);

  /** A code went out now (wait 0: the full wait), or the last one is still `waitMs` from a new one. */
  const codeSent = (waitMs: number) => {
    setResendAt(Date.now() + (waitMs || RESEND_WAIT_SECONDS * 1000));
  };

  const stepIndex = STEPS.findIndex((s) => s.id === step);

  return (
    <>
      <button type="button" className={`${form.linkButton} ${styles.back}`} onClick={onLogin}>
        Back to Login
      </button>
      <ol className={styles.steps} aria-label="Registration steps">
        {STEPS.map((s, index) => (
          <li key={s.id} className={`${styles.step} ${index <= stepIndex ? styles.stepDone : ''}`} aria-current={index === stepIndex ? 'step' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            {s.label}
          </li>
        ))}
      </ol>

      {step === 'email' && (
        <RegisterEmailStep
          email={email}
          onEmailChange={setEmail}
          message={message}
          onMessage={setMessage}
          onSent={(waitMs) => {
            codeSent(waitMs);
            setOtp('');
            setStep('otp');
          }}
        />
      )}

      {step === 'otp' && (
        <RegisterOtpStep
          email={email}
          otp={otp}
          onOtpChange={setOtp}
          message={message}
          onMessage={setMessage}
          resendAt={resendAt}
          onResent={codeSent}
          onVerified={() => setStep('details')}
          onChangeEmail={() => setStep('email')}
        />
      )}

      {step === 'details' && <RegisterDetailsStep email={email} otp={otp} message={message} onMessage={setMessage} onAttempt={onAttempt} countries={countries} />}

      <p className={styles.switch}>
        <button type="button" className={form.linkButton} onClick={onLogin}>
          Already have an account? Login
        </button>
      </p>
    </>
  );
}
