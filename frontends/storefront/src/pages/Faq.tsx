import { PagePlaceholder } from '@growth/kit';

export default function Faq() {
  return (
    <PagePlaceholder title="Frequently Asked Questions">
      <p>Answers about our services, pricing, payments and accounts.</p>
    </PagePlaceholder>
  );
}
