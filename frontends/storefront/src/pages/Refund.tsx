import { PagePlaceholder } from '@growth/kit';

export default function Refund() {
  return (
    <PagePlaceholder title="Refund Policy">
      <p>When and how you can request a refund.</p>
    </PagePlaceholder>
  );
}
