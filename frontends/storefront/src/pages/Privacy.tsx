import { PagePlaceholder } from '../components/PagePlaceholder';

export default function Privacy() {
  return (
    <PagePlaceholder title="Privacy Policy">
      <p>How we collect, use and protect your information.</p>
    </PagePlaceholder>
  );
}
