import { errorText } from '@growth/kit';
import { requestSignUpCode } from '@growth/kit/sign-up';
import { failure, type BannerMessage } from '@growth/kit/ui';
import { cooldownSeconds } from './messages';
import { AuthIntro } from './AuthIntro';
import { EmailForm } from './EmailForm';
import { useEmailForm } from './useEmailForm';

interface Props {
  email: string;
  onEmailChange(email: string): void;
  /** The flow's banner: it stays up when the flow moves on to the next step. */
  message: BannerMessage | null;
  onMessage(message: BannerMessage | null): void;
  /** The code is on its way, or one sent less than a minute ago still is: `waitMs` is what is left of its wait. */
  onSent(waitMs: number): void;
}

/** Register step 1 ('Verify Your Email'): the address a code is sent to. */
export function RegisterEmailStep({ email, onEmailChange, message, onMessage: setMessage, onSent }: Props) {
  const emailForm = useEmailForm('register-email', 'email');
  const sendOtp = emailForm.sendWith(
    email,
    setMessage,
    async () => {
      try {
        await requestSignUpCode(email);
      } catch (error) {
        // A code sent less than a minute ago is still valid: go on to enter it, the wait counted down there.
        const wait = cooldownSeconds(error);
        if (wait === null) throw error;
        setMessage({
          tone: 'info',
          text: 'A code was sent to this address less than a minute ago.',
          detail: 'Enter it below, or ask for a new one when the wait is over.',
        });
        onSent(wait * 1000);
        return;
      }
      setMessage({ tone: 'success', text: 'OTP sent!' });
      onSent(0);
    },
    (error) => failure('Unable to send OTP.', errorText(error)),
  );

  return (
    <>
      <AuthIntro title="Verify Your Email" subtitle="We will send a 6-digit code to your e-mail." message={message} />
      <EmailForm label="Verify your email" submitLabel="Send OTP" email={email} onEmailChange={onEmailChange} state={emailForm} onSubmit={sendOtp} />
    </>
  );
}
