import { PagePlaceholder } from '@growth/kit';

export default function Profile() {
  return (
    <PagePlaceholder title="My Profile">
      <p>Your details and a summary of your services.</p>
    </PagePlaceholder>
  );
}
