import { errorText } from '@growth/kit';
import { failure, type BannerMessage } from '@growth/kit/ui';
import { requestPasswordReset } from './passwordReset';
import { AuthIntro } from './AuthIntro';
import { EmailForm } from './EmailForm';
import { useEmailForm } from './useEmailForm';

interface Props {
  email: string;
  onEmailChange(email: string): void;
  message: BannerMessage | null;
  onMessage(message: BannerMessage | null): void;
  onSent(): void;
}

/** "Forgot Password?" step 1: the address a reset code is mailed to. */
export function ForgotEmailStep({ email, onEmailChange, message, onMessage: setMessage, onSent }: Props) {
  const emailForm = useEmailForm('forgot-email', 'email');
  const submit = emailForm.sendWith(
    email,
    setMessage,
    async () => {
      setMessage({ tone: 'success', text: await requestPasswordReset(email) });
      onSent();
    },
    (error) => failure('Unable to send the code.', errorText(error)),
  );

  return (
    <>
      <AuthIntro title="Forgot Password" subtitle="Enter the e-mail of your account and we will send you a 6-digit code to choose a new password." message={message} />
      <EmailForm label="Request a reset code" submitLabel="Send Code" email={email} onEmailChange={onEmailChange} state={emailForm} onSubmit={submit} />
    </>
  );
}
