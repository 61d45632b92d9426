import { Hero } from '../components/Hero';
import { OurServices } from '../components/OurServices';

/** Home (spec §2). Features, steps, testimonials and the call to action arrive in a later issue. */
export default function Home() {
  return (
    <>
      <Hero />
      <OurServices />
    </>
  );
}
