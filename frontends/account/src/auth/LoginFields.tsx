import form from '@growth/kit/form.module.css';
import { EmailField } from './EmailField';
import { PasswordEntry } from './PasswordEntry';
import type { Credentials } from './useCredentials';

interface Props {
  credentials: Credentials;
  emailAutoComplete: 'email' | 'username';
  busy: boolean;
  /** 'Forgot Password?', with the address typed so far. */
  onForgot(email: string): void;
  /** The row of 'Forgot Password?'. */
  forgotClassName: string;
}

/** The e-mail, the password and 'Forgot Password?' of the customer's and the admin's login forms. */
export function LoginFields({ credentials, emailAutoComplete, busy, onForgot, forgotClassName }: Props) {
  const { idPrefix, email, setEmail, password, setPassword, errors, edited } = credentials;
  return (
    <>
      <EmailField id={`${idPrefix}-email`} autoComplete={emailAutoComplete} value={email} onChange={setEmail} edited={edited} error={errors.email} />
      <PasswordEntry
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="current-password"
        field="password"
        value={password}
        onChange={setPassword}
        edited={edited}
        error={errors.password}
      />
      <div className={forgotClassName}>
        <button type="button" className={form.linkButton} onClick={() => onForgot(email)} disabled={busy}>
          Forgot Password?
        </button>
      </div>
    </>
  );
}
