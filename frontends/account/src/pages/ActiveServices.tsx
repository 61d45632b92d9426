import { PagePlaceholder } from '@growth/kit';

export default function ActiveServices() {
  return (
    <PagePlaceholder title="Active Services">
      <p>The services we are delivering for you right now.</p>
    </PagePlaceholder>
  );
}
