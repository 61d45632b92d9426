import { useId, useState, type FormEvent } from 'react';
import { adminApi, getAdminId, setAdminSession, type MessageAndTokenAnswer, type MessageAnswer } from '@growth/kit';
import { Banner, CodeField, PasswordField, SubmitButton, TextField } from '../ui';
import { SESSION_EXPIRED, settingsFailure, type Failure } from './settingsFailure';
import formStyles from '@growth/kit/form.module.css';
import styles from './Settings.module.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Notice = { tone: 'success' | 'info'; text: string } | null;

/**
 * Change of the admin's e-mail: the input step asks for the new address and the
 * current password (a signed-in session alone may not move the account away) and sends a code to
 * the new address, while the current one is told, with a link that stops the change; the verify step
 * takes the code; on success the server's new token is stored and the panel is back at the input step.
 */
export function EmailChange() {
  const titleId = useId();
  const [step, setStep] = useState<'input' | 'verify'>('input');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [invalidField, setInvalidField] = useState<'email' | 'password' | 'otp' | null>(null);

  const adminIdOrFail = (): string | null => {
    const adminId = getAdminId();
    if (!adminId) setFailure({ text: SESSION_EXPIRED, detail: null });
    return adminId;
  };

  // A call for the signed-in admin: the form busy meanwhile, the server's refusal shown; `done` takes the answer.
  const callAsAdmin = async <T,>(call: (adminId: string) => Promise<T>, done: (answer: T, adminId: string) => void) => {
    setInvalidField(null);
    const adminId = adminIdOrFail();
    if (!adminId) return;
    setBusy(true);
    try {
      done(await call(adminId), adminId);
    } catch (err) {
      setFailure(settingsFailure(err));
    } finally {
      setBusy(false);
    }
  };

  // A field this form refuses before calling the server: marked, its message shown, the field focused.
  const refuse = (field: 'email' | 'password' | 'otp', text: string, inputId: string) => {
    setInvalidField(field);
    setFailure({ text, detail: null });
    document.getElementById(inputId)?.focus();
  };

  // A field this form refused is cleared, with its message, as soon as it holds something acceptable.
  const fixField = (field: 'email' | 'password' | 'otp', acceptable: boolean) => {
    if (invalidField === field && acceptable) {
      setInvalidField(null);
      setFailure(null);
    }
  };

  const request = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    if (!EMAIL_PATTERN.test(email.trim())) {
      refuse('email', 'Enter a valid email.', 'settings-new-email');
      return;
    }
    if (!password) {
      refuse('password', 'Enter your current password.', 'settings-email-password');
      return;
    }
    await callAsAdmin(
      (adminId) => adminApi.post<MessageAnswer>('/admin/update-email/request', { adminId, newEmail: email.trim(), currentPassword: password }),
      (answer) => {
        setPassword('');
        setNotice({ tone: 'info', text: answer.message || 'A code has been sent to the new address.' });
        setStep('verify');
        requestAnimationFrame(() => document.getElementById('settings-email-otp')?.focus());
      },
    );
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!otp.trim()) {
      refuse('otp', 'Enter the OTP.', 'settings-email-otp');
      return;
    }
    await callAsAdmin(
      (adminId) => adminApi.post<MessageAndTokenAnswer>('/admin/update-email/verify', { adminId, otp: otp.trim() }),
      (answer, adminId) => {
        if (answer.token) setAdminSession(answer.token, adminId); // the change ended every older session
        setNotice({ tone: 'success', text: answer.message || 'Email updated' });
        setStep('input');
        setEmail('');
        setOtp('');
      },
    );
  };

  const back = () => {
    setStep('input');
    setOtp('');
    setFailure(null);
    setNotice(null);
    requestAnimationFrame(() => document.getElementById('settings-new-email')?.focus());
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        Change e-mail
      </h2>
      {failure && <Banner tone="failure" text={failure.text} detail={failure.detail} />}
      {notice && <Banner tone={notice.tone} text={notice.text} />}
      {step === 'input' ? (
        <form className={formStyles.form} onSubmit={(event) => void request(event)} noValidate aria-label="New e-mail address">
          <p className={styles.panelText}>We will send a 6-digit code to the new address, and tell your current address, with a link that stops the change.</p>
          <TextField
            id="settings-new-email"
            label="New e-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              fixField('email', EMAIL_PATTERN.test(value.trim()));
            }}
            invalid={invalidField === 'email'}
          />
          <PasswordField
            id="settings-email-password"
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              fixField('password', value.length > 0);
            }}
          />
          <div className={styles.actions}>
            <SubmitButton busy={busy}>Send Code</SubmitButton>
          </div>
        </form>
      ) : (
        <form className={formStyles.form} onSubmit={(event) => void verify(event)} noValidate aria-label="Verify the new e-mail address">
          <p className={styles.panelText}>
            Enter the code sent to <span className={styles.address}>{email.trim()}</span>.
          </p>
          <CodeField
            id="settings-email-otp"
            label="Code"
            value={otp}
            onChange={(digits) => {
              setOtp(digits);
              fixField('otp', digits.length > 0);
            }}
            invalid={invalidField === 'otp'}
          />
          <div className={styles.actions}>
            <SubmitButton busy={busy}>Verify</SubmitButton>
            <button type="button" className="button button--ghost" onClick={back} disabled={busy}>
              Change address
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
