import { PagePlaceholder } from '@growth/kit';

export default function Catalogue() {
  return (
    <PagePlaceholder title="Our Services">
      <p>Browse every growth package we offer.</p>
    </PagePlaceholder>
  );
}
