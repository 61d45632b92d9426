import { useParams } from 'wouter';
import { PLATFORMS } from '@growth/kit';
import { PagePlaceholder } from '@growth/kit';

export default function Pricing() {
  const { platform = '' } = useParams<{ platform: string }>();
  const known = PLATFORMS.find((p) => p.slug === platform.toLowerCase());
  return (
    <PagePlaceholder title={known ? `${known.name} Growth Packages` : 'Growth Packages'}>
      <p>Choose the package that fits your goals.</p>
    </PagePlaceholder>
  );
}
