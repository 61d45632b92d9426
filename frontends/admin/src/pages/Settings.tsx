import { PagePlaceholder } from '../components/PagePlaceholder';

export default function Settings() {
  return (
    <PagePlaceholder title="Settings">
      <p>Change your admin e-mail and password.</p>
    </PagePlaceholder>
  );
}
