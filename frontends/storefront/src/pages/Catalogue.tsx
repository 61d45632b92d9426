import { PagePlaceholder } from '../components/PagePlaceholder';

export default function Catalogue() {
  return (
    <PagePlaceholder title="Our Services">
      <p>Browse every growth package we offer.</p>
    </PagePlaceholder>
  );
}
