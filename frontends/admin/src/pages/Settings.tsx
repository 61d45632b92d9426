import { PagePlaceholder } from '@growth/kit';

export default function Settings() {
  return (
    <PagePlaceholder title="Settings">
      <p>Change your admin e-mail and password.</p>
    </PagePlaceholder>
  );
}
