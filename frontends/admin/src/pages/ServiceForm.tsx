import { useSearch } from 'wouter';
import { PagePlaceholder } from '@growth/kit';

export default function ServiceForm() {
  const serviceId = new URLSearchParams(useSearch()).get('serviceId');
  return (
    <PagePlaceholder title={serviceId ? 'Edit Service' : 'Add Service'}>
      <p>Heading, description, logo and content items of a service.</p>
    </PagePlaceholder>
  );
}
