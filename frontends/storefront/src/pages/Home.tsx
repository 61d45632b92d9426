import { Hero } from '../components/Hero';
import { FeatureTiles } from '../components/FeatureTiles';
import { OurServices } from '../components/OurServices';
import { ProcessSteps } from '../components/ProcessSteps';
import { WhyChoose } from '../components/WhyChoose';
import { SuccessStories } from '../components/SuccessStories';
import { GetStarted } from '../components/GetStarted';

/** Home (docs/product.md#screens-and-routes): hero, feature tiles, Our Services, 3-step process, Why Choose, Success Stories, Get Started. */
export default function Home() {
  return (
    <>
      <Hero />
      <FeatureTiles />
      <OurServices />
      <ProcessSteps />
      <WhyChoose />
      <SuccessStories />
      <GetStarted />
    </>
  );
}
