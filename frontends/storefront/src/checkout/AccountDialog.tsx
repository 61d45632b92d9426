import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { errorText, getRuntimeConfig, useAuth } from '@growth/kit';
import { Banner, CodeField, failure, PasswordField, TextField, type BannerMessage } from '@growth/kit/ui';
import { cooldownSeconds, failureOnce, isSignUpCode, newPasswordProblem, PASSWORD_RULE, requestSignUpCode, verifySignUpCode } from '@growth/kit/sign-up';
import form from '@growth/kit/form.module.css';
import { Dialog, FormActions } from './Dialog';
import styles from './AccountDialog.module.css';

/** Where the dialog is: the three registration steps (docs/product.md#screens-and-routes), or a login. */
export type AccountStep = 'email' | 'otp' | 'details' | 'login';

interface Props {
  /** e.g. "YouTube · Growth · $49.99": what the visitor is about to buy. */
  summary: string;
  /** The auth screen with `next` back to this tier's checkout (Google sign-in and the password reset live there). */
  loginHref: string;
  /** The session has started: the checkout goes on to the profile link. */
  onSignedIn(): void;
  onCancel(): void;
}

const TITLES: Record<AccountStep, string> = {
  email: 'Verify Your Email',
  otp: 'Enter OTP',
  details: 'Create Your Account',
  login: 'Welcome Back',
};

const SUBMIT: Record<AccountStep, string> = {
  email: 'Send OTP',
  otp: 'Verify OTP',
  details: 'Complete Registration',
  login: 'Login Now',
};

type Field = 'email' | 'otp' | 'name' | 'phone' | 'password';

/**
 * Buy Now signed out (docs/product.md#checkout-and-payments): one dialog that creates the account
 * (e-mail, the mailed code, then name, phone and password) or signs in, without leaving the pricing
 * page; the checkout then goes on to the profile link of the same tier. Country, calling code and
 * gender are not asked here (the profile asks later); the password rule shows before typing. The
 * calls and the session are kit's (@growth/kit/sign-up, useAuth), the same the auth screen makes.
 */
export function AccountDialog({ summary, loginHref, onSignedIn, onCancel }: Props) {
  const { login, register, lastAuthError } = useAuth();
  const [step, setStep] = useState<AccountStep>('email');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [values, setValues] = useState<Record<Field, string>>({ email: '', otp: '', name: '', phone: '', password: '' });
  const formId = useId();
  const ids = {
    email: useId(),
    otp: useId(),
    name: useId(),
    phone: useId(),
    password: useId(),
  };
  const googleConfigured = !!getRuntimeConfig().googleClientId;

  // A new step puts the cursor in its first field (the dialog's own autofocus covers the first).
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const first: Record<AccountStep, Field> = { email: 'email', otp: 'otp', details: 'name', login: 'email' };
    document.getElementById(ids[first[step]])?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids are stable for the dialog's life
  }, [step]);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const goTo = (next: AccountStep, keepMessage = false) => {
    if (!keepMessage) setMessage(null);
    setErrors({});
    setBusy(false);
    setStep(next);
  };

  /** Shows what is missing and puts the cursor in the first field to fix; true when nothing is. */
  const check = (found: Partial<Record<Field, string | null>>): boolean => {
    const shown = Object.fromEntries(Object.entries(found).filter(([, text]) => text)) as Partial<Record<Field, string>>;
    setErrors(shown);
    const first = (Object.keys(found) as Field[]).find((field) => found[field]);
    if (first) document.getElementById(ids[first])?.focus();
    return !first;
  };

  const sendCode = async () => {
    try {
      await requestSignUpCode(values.email);
      setMessage({ tone: 'success', text: 'OTP sent!' });
    } catch (error) {
      // A code sent less than a minute ago is still valid: the visitor enters that one.
      if (cooldownSeconds(error) === null) throw error;
      setMessage({ tone: 'info', text: 'A code was sent to this address less than a minute ago.', detail: 'Enter it below, or ask for a new one in a minute.' });
    }
  };

  const submitters: Record<AccountStep, () => Promise<void>> = {
    email: async () => {
      if (!check({ email: values.email.trim() ? null : 'Please enter your e-mail.' })) return;
      setBusy(true);
      try {
        await sendCode();
        set('otp')('');
        goTo('otp', true);
      } catch (error) {
        setMessage(failure('Unable to send OTP.', errorText(error)));
        setBusy(false);
      }
    },
    otp: async () => {
      if (!check({ otp: isSignUpCode(values.otp) ? null : values.otp ? 'The code has 6 digits.' : 'Please enter the 6-digit code.' })) return;
      setBusy(true);
      try {
        await verifySignUpCode(values.email, values.otp);
        setMessage({ tone: 'success', text: 'OTP verified!' });
        goTo('details', true);
      } catch (error) {
        setMessage(failureOnce('Invalid OTP.', errorText(error)));
        setBusy(false);
      }
    },
    details: async () => {
      const ok = check({
        name: values.name.trim() ? null : 'Please enter your name.',
        phone: values.phone.trim() ? null : 'Please enter your phone number.',
        password: newPasswordProblem(values.password),
      });
      if (!ok) return;
      setBusy(true);
      const registered = await register({
        email: values.email.trim(),
        otp: values.otp,
        password: values.password,
        name: values.name,
        phone: values.phone,
        callingId: '',
        countryId: '',
        address: '',
        gender: '',
      });
      if (registered) onSignedIn();
      else {
        setMessage(failure('Registration failed.', lastAuthError()));
        setBusy(false);
      }
    },
    login: async () => {
      const ok = check({
        email: values.email.trim() ? null : 'Please enter your e-mail.',
        password: values.password ? null : 'Please enter your password.',
      });
      if (!ok) return;
      setBusy(true);
      if (await login(values.email, values.password)) onSignedIn();
      else {
        setMessage(failure('Invalid email or password.', lastAuthError()));
        setBusy(false);
      }
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    void submitters[step]();
  };

  const resend = async () => {
    setMessage(null);
    setBusy(true);
    try {
      await sendCode();
      set('otp')('');
    } catch (error) {
      setMessage(failure('Unable to send OTP.', errorText(error)));
    }
    setBusy(false);
  };

  const switchTo = (next: AccountStep) => () => {
    set('password')('');
    goTo(next);
  };

  return (
    <Dialog
      title={TITLES[step]}
      eyebrow={summary}
      onClose={onCancel}
      locked={busy}
      actions={<FormActions formId={formId} busy={busy} submitLabel={SUBMIT[step]} onCancel={onCancel} />}
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate aria-label={TITLES[step]}>
        {step === 'email' && (
          <>
            <p className={styles.lead}>Create your account to buy this package. You stay on this page, and the package stays chosen.</p>
            <TextField
              id={ids.email}
              label="Email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={values.email}
              onChange={set('email')}
              hint="We will send a 6-digit code to your e-mail."
              error={errors.email}
              data-autofocus
            />
          </>
        )}

        {step === 'otp' && (
          <>
            <p className={styles.lead}>
              We sent a 6-digit code to <strong className={styles.address}>{values.email.trim()}</strong>. If this address already has an account, the e-mail tells you
              how to sign in instead.
            </p>
            <CodeField id={ids.otp} label="One-time code" className={styles.code} value={values.otp} onChange={set('otp')} error={errors.otp} />
            <p className={styles.row}>
              <button type="button" className={form.linkButton} onClick={() => void resend()} disabled={busy}>
                Send a new code
              </button>
              <button type="button" className={form.linkButton} onClick={() => goTo('email')} disabled={busy}>
                Change e-mail
              </button>
            </p>
          </>
        )}

        {step === 'details' && (
          <>
            <p className={styles.lead}>
              Signing up as <strong className={styles.address}>{values.email.trim()}</strong>.
            </p>
            <TextField id={ids.name} label="Full name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
            <TextField
              id={ids.phone}
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={set('phone')}
              hint="With your country code, e.g. +1 555 010 0199."
              error={errors.phone}
            />
            <PasswordField
              id={ids.password}
              label="Password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              hint={PASSWORD_RULE}
              error={errors.password}
            />
          </>
        )}

        {step === 'login' && (
          <>
            <p className={styles.lead}>Log in to buy this package. You stay on this page, and the package stays chosen.</p>
            <TextField
              id={ids.email}
              label="Email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={values.email}
              onChange={set('email')}
              error={errors.email}
            />
            <PasswordField
              id={ids.password}
              label="Password"
              autoComplete="current-password"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
            />
            <p className={styles.other}>
              <Link href={loginHref} className={styles.link}>
                {googleConfigured ? 'Continue with Google, or reset your password' : 'Forgot Password?'}
              </Link>
            </p>
          </>
        )}

        <Banner message={message} className={styles.banner} />

        <p className={styles.switch}>
          {step === 'login' ? (
            <>
              Don&apos;t have an account?{' '}
              <button type="button" className={form.linkButton} onClick={switchTo('email')} disabled={busy}>
                Register Now
              </button>
            </>
          ) : (
            <button type="button" className={form.linkButton} onClick={switchTo('login')} disabled={busy}>
              Already have an account? Login
            </button>
          )}
        </p>
      </form>
    </Dialog>
  );
}
