import { PasswordField } from '@growth/kit/src/ui/forms/PasswordField';
import form from '@growth/kit/src/ui/forms/Form.module.css';
import { EmailField } from './EmailField';

type Field = 'email' | 'password';

interface Props {
  /** The fields' ids are `<idPrefix>-email` and `<idPrefix>-password` (checkCredentials' first field is focused by them). */
  idPrefix: string;
  emailAutoComplete: 'email' | 'username';
  email: string;
  onEmailChange(email: string): void;
  password: string;
  onPasswordChange(password: string): void;
  /** The form's useFieldErrors `edited` and `errors`. */
  edited(key: Field, value: string): void;
  errors: Partial<Record<Field, string>>;
  busy: boolean;
  /** 'Forgot Password?', with the address typed so far. */
  onForgot(email: string): void;
  /** The row of 'Forgot Password?'. */
  forgotClassName: string;
}

/** The e-mail, the password and 'Forgot Password?' of the customer's and the admin's login forms. */
export function LoginFields({ idPrefix, emailAutoComplete, email, onEmailChange, password, onPasswordChange, edited, errors, busy, onForgot, forgotClassName }: Props) {
  return (
    <>
      <EmailField id={`${idPrefix}-email`} autoComplete={emailAutoComplete} value={email} onChange={onEmailChange} edited={edited} error={errors.email} />
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          onPasswordChange(value);
          edited('password', value);
        }}
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
