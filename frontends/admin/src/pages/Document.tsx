import { useParams } from 'wouter';
import { PagePlaceholder } from '@growth/kit';

const DOCUMENT_TITLES: Record<string, string> = {
  faqs: 'FAQs',
  'terms-of-use': 'Terms of Use',
  'shipping-delivery': 'Shipping & Delivery',
  'privacy-policy': 'Privacy Policy',
  'returns-policy': 'Returns Policy',
  'cookie-policy': 'Cookie Policy',
};

export default function Document() {
  const { slug = '' } = useParams<{ slug: string }>();
  return (
    <PagePlaceholder title={DOCUMENT_TITLES[slug] ?? 'Document'}>
      <p>Edit the text of this document.</p>
    </PagePlaceholder>
  );
}
