import { PagePlaceholder } from '@growth/kit';

export default function Login() {
  return (
    <PagePlaceholder title="Sign In">
      <p>Sign in with your e-mail and password, or create an account.</p>
    </PagePlaceholder>
  );
}
