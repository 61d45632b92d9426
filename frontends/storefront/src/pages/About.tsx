import { PagePlaceholder } from '@growth/kit';

export default function About() {
  return (
    <PagePlaceholder title="About Us">
      <p>Real, organic engagement from real users since 2023.</p>
    </PagePlaceholder>
  );
}
