import { PagePlaceholder } from '@growth/kit';

export default function Terms() {
  return (
    <PagePlaceholder title="Terms of Service">
      <p>The terms that govern the use of our services.</p>
    </PagePlaceholder>
  );
}
