import { PagePlaceholder } from '@growth/kit';

export default function Privacy() {
  return (
    <PagePlaceholder title="Privacy Policy">
      <p>How we collect, use and protect your information.</p>
    </PagePlaceholder>
  );
}
