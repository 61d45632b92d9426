import { PagePlaceholder } from '@growth/kit';

export default function Contact() {
  return (
    <PagePlaceholder title="Contact Us">
      <p>Questions about a package or an order? Get in touch.</p>
    </PagePlaceholder>
  );
}
