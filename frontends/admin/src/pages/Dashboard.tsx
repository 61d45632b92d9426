import { PagePlaceholder } from '@growth/kit';

export default function Dashboard() {
  return (
    <PagePlaceholder title="Services">
      <p>Every service on sale, with edit and delete.</p>
    </PagePlaceholder>
  );
}
