import { useState, type FormEvent } from 'react';
import { type BannerMessage, SubmitButton } from '@growth/kit/ui';
import { adminFailure, stopEmailChange } from './adminAuth';
import form from '@growth/kit/form.module.css';
import { AuthIntro } from '../auth/AuthIntro';
import styles from './AdminLogin.module.css';

interface Props {
  /** The link's token (`?stop-email-change=`), from the mail to the old address. */
  token: string;
  /** Done (or not wanted): on to the login, with the server's message once the change was stopped. */
  onDone(message: BannerMessage | null): void;
}

/**
 * Where the link mailed to an admin's old address lands when someone asked to change the account's
 * e-mail: one button stops the change (or puts the address back), which also ends every session and
 * makes the password unusable until it is reset with "Forgot password".
 */
export function StopEmailChange({ token, onDone }: Props) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);

  const stop = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      onDone({ tone: 'success', text: await stopEmailChange(token) });
    } catch (err) {
      setMessage(adminFailure(err));
      setBusy(false);
    }
  };

  return (
    <>
      <AuthIntro
        title="Stop the e-mail change"
        subtitle="Someone asked to change the sign-in address of your admin account. If it was not you, stop it: your address stays (or comes back), every session of the account ends, and you set a new password with Forgot Password."
        message={message}
      />
      <form className={form.form} onSubmit={(event) => void stop(event)} noValidate aria-label="Stop the e-mail change">
        <SubmitButton wide busy={busy}>
          Stop the change
        </SubmitButton>
      </form>
      <button type="button" className={`${form.linkButton} ${styles.back}`} onClick={() => onDone(null)}>
        It was me: back to Login
      </button>
    </>
  );
}
