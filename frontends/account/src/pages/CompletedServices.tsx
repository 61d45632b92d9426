import { PagePlaceholder } from '@growth/kit';

export default function CompletedServices() {
  return (
    <PagePlaceholder title="Completed Services">
      <p>The services we have delivered for you.</p>
    </PagePlaceholder>
  );
}
