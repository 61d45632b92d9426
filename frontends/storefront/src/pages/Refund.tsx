import { PagePlaceholder } from '../components/PagePlaceholder';

export default function Refund() {
  return (
    <PagePlaceholder title="Refund Policy">
      <p>When and how you can request a refund.</p>
    </PagePlaceholder>
  );
}
