import { PagePlaceholder } from '@growth/kit';

export default function Clients() {
  return (
    <PagePlaceholder title="Clients">
      <p>Registered customers, with search and paging.</p>
    </PagePlaceholder>
  );
}
