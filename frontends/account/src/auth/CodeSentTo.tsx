import { EmailAddress } from '../profile/EmailAddress';
import styles from './Auth.module.css';

/** "Enter the 6-digit code we sent to <the address>", the address wrapping at its @ and dots. */
export function CodeSentTo({ email }: { email: string }) {
  return (
    <>
      Enter the 6-digit code we sent to{' '}
      <strong className={styles.email}>
        <EmailAddress address={email.trim()} />
      </strong>
    </>
  );
}
