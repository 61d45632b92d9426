import { PagePlaceholder } from '../components/PagePlaceholder';

export default function Plans() {
  return (
    <PagePlaceholder title="Plans">
      <p>Plans and their pricing tiers.</p>
    </PagePlaceholder>
  );
}
