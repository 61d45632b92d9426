import { PagePlaceholder } from '../components/PagePlaceholder';

export default function Dashboard() {
  return (
    <PagePlaceholder title="Services">
      <p>Every service on sale, with edit and delete.</p>
    </PagePlaceholder>
  );
}
