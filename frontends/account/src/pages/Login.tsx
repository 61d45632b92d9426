import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Logo, Spinner, useAuth } from '@growth/kit';
import { LoginForm } from '../auth/LoginForm';
import { PasswordResetFlow } from '../auth/PasswordResetFlow';
import { RegisterFlow } from '../auth/RegisterFlow';
import { safeNext } from '../auth/safeNext';
import styles from '../auth/Auth.module.css';

const CLAIMS = ['Real, organic engagement from real users', 'Delivery within 24-48 hours', '30-day money-back guarantee', '24/7 support'];

type Mode = 'login' | 'register' | 'forgot';

/**
 * The auth screen (docs/product.md#screens-and-routes): login, register and forgot-password modes.
 * Switching mode mounts a fresh form, so fields, message and password visibility start over (the
 * forgot flow starts from the address typed at login). After signing in here, a password reset
 * included, the visitor goes to `?next=` (a local path) or '/'; someone already signed in is sent
 * to '/' (replace).
 */
export default function Login() {
  const { loading, isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [mode, setMode] = useState<Mode>('login');
  const [forgotEmail, setForgotEmail] = useState('');
  const signingInHere = useRef(false);
  const target = safeNext(new URLSearchParams(search).get('next'));

  const redirected = useRef(false);

  useEffect(() => {
    if (loading || !isAuthenticated || redirected.current) return;
    redirected.current = true; // once: the new location must not re-trigger this
    navigate(signingInHere.current ? target : '/', { replace: true });
  }, [loading, isAuthenticated, navigate, target]);

  const onAttempt = useCallback(() => {
    signingInHere.current = true;
  }, []);

  // The heading of the new mode receives focus, so keyboard and screen-reader users land there.
  const card = useRef<HTMLDivElement>(null);
  const switchTo = (next: Mode) => {
    setMode(next);
    requestAnimationFrame(() => card.current?.querySelector<HTMLElement>('h1')?.focus());
  };

  if (loading || (isAuthenticated && !signingInHere.current)) return <Spinner label="Checking your session…" />;

  return (
    <div className={styles.screen}>
      <aside className={styles.brand} aria-hidden="true">
        <p className={styles.brandTitle}>Grow your audience with real engagement.</p>
        <ul className={styles.claims}>
          {CLAIMS.map((claim) => (
            <li key={claim}>{claim}</li>
          ))}
        </ul>
      </aside>
      <div className={styles.panel}>
        <div className={styles.card} ref={card}>
          <div className={styles.logo}>
            <Logo />
          </div>
          {mode === 'login' && (
            <LoginForm
              key="login"
              onAttempt={onAttempt}
              onRegister={() => switchTo('register')}
              onForgot={(email) => {
                setForgotEmail(email);
                switchTo('forgot');
              }}
            />
          )}
          {mode === 'register' && <RegisterFlow key="register" onAttempt={onAttempt} onLogin={() => switchTo('login')} />}
          {mode === 'forgot' && <PasswordResetFlow key="forgot" initialEmail={forgotEmail} onAttempt={onAttempt} onLogin={() => switchTo('login')} />}
        </div>
      </div>
    </div>
  );
}
