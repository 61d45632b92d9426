import { PagePlaceholder } from '@growth/kit';

export default function Plans() {
  return (
    <PagePlaceholder title="Plans">
      <p>Plans and their pricing tiers.</p>
    </PagePlaceholder>
  );
}
