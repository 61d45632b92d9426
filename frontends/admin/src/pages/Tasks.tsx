import { PagePlaceholder } from '@growth/kit';

export default function Tasks() {
  return (
    <PagePlaceholder title="Tasks">
      <p>All subscriptions, with status filter, search and sorting.</p>
    </PagePlaceholder>
  );
}
