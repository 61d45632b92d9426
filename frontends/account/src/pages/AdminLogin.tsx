import { useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Logo } from '@growth/kit';
import { ADMIN_TOAST_MS, Toast, type BannerMessage } from '@growth/kit/ui';
import { AdminLoginForm } from '../admin/AdminLoginForm';
import { ForgotPasswordForm } from '../admin/ForgotPasswordForm';
import { ResetPasswordForm } from '../admin/ResetPasswordForm';
import { StopEmailChange } from '../admin/StopEmailChange';
import auth from '../auth/Auth.module.css';
import styles from '../admin/AdminLogin.module.css';

type Mode = 'login' | 'forgot' | 'reset' | 'stop';

/**
 * Admin login (docs/product.md#screens-and-routes): modes login, forgot (request a code) and reset (code plus new password).
 * Forgot leads to reset, reset back to login, login to the dashboard after a success toast of
 * 1500 ms (docs/product.md#limits). Each mode is a fresh form; the e-mail typed travels between them, and the new
 * mode's heading gets the focus. The link mailed to an admin's old address when an e-mail change is
 * requested (`?stop-email-change=…`) opens the stop mode first: one button stops the change.
 */
export default function AdminLogin() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const stopToken = search.get('stop-email-change');
  const [mode, setMode] = useState<Mode>(stopToken ? 'stop' : 'login');
  const [email, setEmail] = useState('');
  // An admin call answered 401 (kit's adminApi sends the admin here with ?expired=1).
  const expired = search.get('expired') === '1';
  const [notice, setNotice] = useState<BannerMessage | null>(expired ? { tone: 'failure', text: 'Session expired, login again.' } : null);
  const [toast, setToast] = useState<string | null>(null);
  const card = useRef<HTMLDivElement>(null);

  const switchTo = (next: Mode, address: string, message: BannerMessage | null = null) => {
    setEmail(address);
    setNotice(message);
    setMode(next);
    requestAnimationFrame(() => card.current?.querySelector<HTMLElement>('h1')?.focus());
  };

  return (
    <div className={styles.screen}>
      <div className={`${auth.card} ${styles.card}`} ref={card}>
        <div className={auth.logo}>
          <Logo />
        </div>
        {mode === 'stop' && stopToken && (
          <StopEmailChange
            key="stop"
            token={stopToken}
            onDone={(message) => {
              // The token leaves the address bar: the link works once.
              navigate('/admin/login', { replace: true });
              switchTo('login', '', message);
            }}
          />
        )}
        {mode === 'login' && (
          <AdminLoginForm key="login" notice={notice} initialEmail={email} onForgot={(address) => switchTo('forgot', address)} onSignedIn={setToast} />
        )}
        {mode === 'forgot' && (
          <ForgotPasswordForm
            key="forgot"
            initialEmail={email}
            onSent={(address, message) => switchTo('reset', address, { tone: 'info', text: message })}
            onBack={(address) => switchTo('login', address)}
          />
        )}
        {mode === 'reset' && (
          <ResetPasswordForm
            key="reset"
            initialEmail={email}
            notice={notice}
            onReset={(address, message) => switchTo('login', address, { tone: 'success', text: message })}
            onBack={(address) => switchTo('login', address)}
            onResend={(address) => switchTo('forgot', address)}
          />
        )}
      </div>
      <Toast message={toast} durationMs={ADMIN_TOAST_MS} onDone={() => navigate('/admin/overview')} />
    </div>
  );
}
