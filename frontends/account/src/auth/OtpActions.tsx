import form from '@growth/kit/form.module.css';
import { ResendCodeButton } from './ResendCodeButton';
import styles from './Auth.module.css';

interface Props {
  /** When a new code may be asked for (epoch ms). */
  resendAt: number;
  busy: boolean;
  onResend(): void;
  /** The form's banner setter: 'Use another e-mail' clears it. */
  onMessage(message: null): void;
  /** 'Use another e-mail': back to the address step. */
  onChangeEmail(): void;
}

/** Under a code form: 'Send a new code' and 'Use another e-mail'. */
export function OtpActions({ resendAt, busy, onResend, onMessage, onChangeEmail }: Props) {
  return (
    <p className={styles.otpActions}>
      <ResendCodeButton readyAt={resendAt} busy={busy} onResend={onResend} />
      <button
        type="button"
        className={form.linkButton}
        onClick={() => {
          onMessage(null);
          onChangeEmail();
        }}
        disabled={busy}
      >
        Use another e-mail
      </button>
    </p>
  );
}
