import { PagePlaceholder } from '@growth/kit';

export default function AdminLogin() {
  return (
    <PagePlaceholder title="Admin Login">
      <p>Sign in to manage the shop.</p>
    </PagePlaceholder>
  );
}
