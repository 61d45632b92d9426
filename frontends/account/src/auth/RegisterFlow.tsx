import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, errorText, useAuth } from '@growth/kit';
import { Banner, failure, type BannerMessage } from '@growth/kit/src/ui/forms/Banner';
import { PasswordField } from '@growth/kit/src/ui/forms/PasswordField';
import { SubmitButton } from '@growth/kit/src/ui/forms/SubmitButton';
import { TextField } from '@growth/kit/src/ui/forms/TextField';
import { CountryCombobox } from '../countries/CountryCombobox';
import { useCountries } from '../countries/useCountries';
import form from '@growth/kit/src/ui/forms/Form.module.css';
import { EMAIL_REQUIRED } from './credentials';
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

interface Details {
  name: string;
  phone: string;
  password: string;
  callingId: string;
  countryId: string;
  gender: '' | '0' | '1' | '2';
}

type DetailErrors = Partial<Record<'name' | 'phone' | 'password', string>>;

function focusField(id: string) {
  document.getElementById(id)?.focus();
}

/** Register mode: verify the e-mail, enter the 6-digit OTP, then the account details (docs/product.md#screens-and-routes, docs/product.md#accounts-and-sign-in). */
export function RegisterFlow({ onAttempt, onLogin }: Props) {
  const { register, lastAuthError } = useAuth();
  const [step, setStep] = useState<Step>('email');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);

  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [details, setDetails] = useState<Details>({ name: '', phone: '', password: '', callingId: '', countryId: '', gender: '' });
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({});
  const countries = useCountries();

  // A new step puts the cursor in its first field.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    focusField({ email: 'register-email', otp: 'register-otp', details: 'register-name' }[step]);
  }, [step]);

  const set = <K extends keyof Details>(key: K) => (value: Details[K]) => setDetails((d) => ({ ...d, [key]: value }));

  /** Runs one call with the button busy and the message cleared; true when it succeeded. */
  const run = async (call: () => Promise<unknown>, ok: string, failed: string): Promise<boolean> => {
    setBusy(true);
    setMessage(null);
    try {
      await call();
      setMessage({ tone: 'success', text: ok });
      return true;
    } catch (error) {
      setMessage(failure(failed, errorText(error)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const sendOtp = async (event?: FormEvent) => {
    event?.preventDefault();
    setMessage(null);
    if (!email.trim()) {
      setEmailError(EMAIL_REQUIRED);
      focusField('register-email');
      return;
    }
    setEmailError(null);
    if (await run(() => api.post('/user/request-otp', { email: email.trim() }), 'OTP sent!', 'Unable to send OTP.')) {
      setOtp('');
      setStep('otp');
    }
  };

  const verifyOtp = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!/^\d{6}$/.test(otp)) {
      setOtpError(otp ? 'The code has 6 digits.' : 'Please enter the 6-digit code.');
      focusField('register-otp');
      return;
    }
    setOtpError(null);
    if (await run(() => api.post('/user/verify-otp', { email: email.trim(), otp }), 'OTP verified!', 'Invalid OTP.')) {
      setStep('details');
    }
  };

  const complete = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: DetailErrors = {
      name: details.name.trim() ? undefined : 'Please enter your name.',
      phone: details.phone.trim() ? undefined : 'Please enter your phone number.',
      password: details.password ? undefined : 'Please choose a password.',
    };
    setDetailErrors(found);
    const first = (['name', 'phone', 'password'] as const).find((key) => found[key]);
    if (first) {
      focusField(`register-${first}`);
      return;
    }
    setBusy(true);
    onAttempt();
    const ok = await register({
      email: email.trim(),
      otp,
      password: details.password,
      name: details.name,
      phone: details.phone,
      callingId: details.callingId,
      countryId: details.countryId,
      address: '',
      gender: details.gender === '' ? '' : (Number(details.gender) as 0 | 1 | 2),
    });
    if (ok) {
      setMessage({ tone: 'success', text: 'Registration successful!' });
    } else {
      setMessage(failure('Registration failed.', lastAuthError()));
      setBusy(false);
    }
  };

  const stepIndex = STEPS.findIndex((s) => s.id === step);

  return (
    <>
      <button type="button" className={`${form.linkButton} ${styles.back}`} onClick={onLogin}>
        Back to Login
      </button>
      <ol className={styles.steps} aria-label="Registration steps">
        {STEPS.map((s, index) => (
          <li
            key={s.id}
            className={`${styles.step} ${index <= stepIndex ? styles.stepDone : ''}`}
            aria-current={index === stepIndex ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            {s.label}
          </li>
        ))}
      </ol>

      {step === 'email' && (
        <>
          <header className={styles.intro}>
            <h1 className={styles.title} tabIndex={-1}>Verify Your Email</h1>
            <p className={styles.subtitle}>We will send a 6-digit code to your e-mail.</p>
          </header>
          <Banner message={message} />
          <form className={form.form} onSubmit={sendOtp} noValidate aria-label="Verify your email">
            <TextField
              id="register-email"
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              error={emailError}
            />
            <SubmitButton wide busy={busy}>Send OTP</SubmitButton>
          </form>
        </>
      )}

      {step === 'otp' && (
        <>
          <header className={styles.intro}>
            <h1 className={styles.title} tabIndex={-1}>Enter OTP</h1>
            <p className={styles.subtitle}>
              Enter the 6-digit code we sent to <strong className={styles.email}>{email.trim()}</strong>.
            </p>
            {/* The server answers alike for an address that has an account (no enumeration): its owner is mailed how to sign in instead. */}
            <p className={styles.subtitle}>If this address already has an account, the e-mail tells you how to sign in instead.</p>
          </header>
          <Banner message={message} />
          <form className={form.form} onSubmit={verifyOtp} noValidate aria-label="Enter OTP">
            <TextField
              id="register-otp"
              label="One-time code"
              className={styles.otp}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={otp}
              onChange={(value) => setOtp(value.replace(/\D/g, '').slice(0, 6))}
              error={otpError}
            />
            <SubmitButton wide busy={busy}>Verify OTP</SubmitButton>
          </form>
          <p className={styles.otpActions}>
            <button type="button" className={form.linkButton} onClick={() => void sendOtp()} disabled={busy}>
              Send a new code
            </button>
            <button
              type="button"
              className={form.linkButton}
              onClick={() => {
                setMessage(null);
                setStep('email');
              }}
              disabled={busy}
            >
              Use another e-mail
            </button>
          </p>
        </>
      )}

      {step === 'details' && (
        <>
          <header className={styles.intro}>
            <h1 className={styles.title} tabIndex={-1}>Create Your Account</h1>
            <p className={styles.subtitle}>
              Signing up as <strong className={styles.email}>{email.trim()}</strong>.
            </p>
          </header>
          <Banner message={message} />
          <form className={form.form} onSubmit={complete} noValidate aria-label="Create your account">
            <TextField
              id="register-name"
              label="Full name"
              autoComplete="name"
              value={details.name}
              onChange={set('name')}
              error={detailErrors.name}
            />
            <div className={form.field}>
              <span className={form.label} id="register-phone-label">
                Phone
              </span>
              <div className={styles.phoneRow}>
                <CountryCombobox
                  id="register-calling"
                  label="Calling code"
                  labelHidden
                  kind="calling"
                  countries={countries}
                  value={details.callingId}
                  onChange={set('callingId')}
                  placeholder="+ Code"
                />
                <input
                  id="register-phone"
                  className={form.input}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  aria-labelledby="register-phone-label"
                  value={details.phone}
                  onChange={(event) => set('phone')(event.target.value)}
                  aria-invalid={detailErrors.phone ? true : undefined}
                  aria-describedby={detailErrors.phone ? 'register-phone-error' : undefined}
                />
              </div>
              {detailErrors.phone && (
                <p id="register-phone-error" className={form.error}>
                  {detailErrors.phone}
                </p>
              )}
            </div>
            <PasswordField
              id="register-password"
              label="Password"
              autoComplete="new-password"
              value={details.password}
              onChange={set('password')}
              error={detailErrors.password}
            />
            <div className={form.row}>
              <CountryCombobox
                id="register-country"
                label="Country"
                kind="country"
                countries={countries}
                value={details.countryId}
                onChange={set('countryId')}
                placeholder="Select country"
              />
              <div className={form.field}>
                <label className={form.label} htmlFor="register-gender">
                  Gender
                </label>
                <select
                  id="register-gender"
                  className={form.select}
                  value={details.gender}
                  onChange={(event) => set('gender')(event.target.value as Details['gender'])}
                >
                  <option value="">Select gender</option>
                  <option value="0">Male</option>
                  <option value="1">Female</option>
                  <option value="2">Other</option>
                </select>
              </div>
            </div>
            <SubmitButton wide busy={busy}>Complete Registration</SubmitButton>
          </form>
        </>
      )}

      <p className={styles.switch}>
        <button type="button" className={form.linkButton} onClick={onLogin}>
          Already have an account? Login
        </button>
      </p>
    </>
  );
}
