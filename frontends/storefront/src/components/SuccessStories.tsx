import { useState, type KeyboardEvent } from 'react';
import creatorImage from '../assets/story-creator.svg';
import businessImage from '../assets/story-business.svg';
import musicianImage from '../assets/story-musician.svg';
import { Icon } from './Icon';
import section from './Section.module.css';
import styles from './SuccessStories.module.css';

interface Story {
  name: string;
  role: string;
  image: string;
  quote: string;
  monthlyRevenue: string;
  growthRate: string;
  timeToSuccess: string;
  results: string[];
}

/** Static marketing content (docs/product.md#what-the-shop-sells): three success stories. */
const STORIES: Story[] = [
  {
    name: 'Priya Sharma',
    role: 'Lifestyle YouTuber',
    image: creatorImage,
    quote:
      'I was stuck at 2,000 subscribers for a year. Within three months my videos reached the right viewers, ' +
      'my channel got monetised and brand deals started coming in.',
    monthlyRevenue: '$8,500',
    growthRate: '+320%',
    timeToSuccess: '3 months',
    results: ['From 2K to 85K subscribers', 'Channel monetised in 6 weeks', 'Three paid brand partnerships'],
  },
  {
    name: 'Daniel Brooks',
    role: 'E-commerce Business Owner',
    image: businessImage,
    quote:
      'Our Instagram and Facebook pages finally look like the brand we are. Real followers turned into real ' + 'customers, and our online store sales nearly tripled.',
    monthlyRevenue: '$42,000',
    growthRate: '+185%',
    timeToSuccess: '6 months',
    results: ['45K new Instagram followers', '2.8× online store sales', 'Cost per customer down 40%'],
  },
  {
    name: 'Maya Johnson',
    role: 'Independent Musician',
    image: musicianImage,
    quote: 'TikTok and YouTube growth put my songs in front of listeners who actually love my genre. ' + 'My first tour sold out because the fans were real.',
    monthlyRevenue: '$5,200',
    growthRate: '+410%',
    timeToSuccess: '4 months',
    results: ['1.2M views on TikTok', '30K monthly listeners', 'First tour sold out'],
  },
];

/** Success Stories carousel: previous / next / dots, wrapping around both ways, keyboard-operable. */
export function SuccessStories() {
  const [index, setIndex] = useState(0);
  const count = STORIES.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const story = STORIES[index];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  };

  return (
    <section className={section.section} aria-labelledby="stories-title">
      <p className={section.eyebrow}>Testimonials</p>
      <h2 id="stories-title" className={section.title}>
        Success Stories
      </h2>
      <p className={section.lead}>Real creators and businesses, real results.</p>

      <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label="Customer stories" onKeyDown={onKeyDown}>
        <div className={styles.viewport} aria-live="polite" aria-atomic="true">
          <article key={story.name} className={styles.slide} aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} data-testid="story">
            <div className={styles.person}>
              <img className={styles.image} src={story.image} alt={`Portrait of ${story.name}`} width={96} height={96} />
              <div>
                <h3 className={styles.name}>{story.name}</h3>
                <p className={styles.role}>{story.role}</p>
              </div>
            </div>
            <blockquote className={styles.quote}>
              <p>{story.quote}</p>
            </blockquote>
            <dl className={styles.metrics}>
              <div>
                <dt>Monthly Revenue</dt>
                <dd>{story.monthlyRevenue}</dd>
              </div>
              <div>
                <dt>Growth Rate</dt>
                <dd>{story.growthRate}</dd>
              </div>
              <div>
                <dt>Time to Success</dt>
                <dd>{story.timeToSuccess}</dd>
              </div>
            </dl>
            <h4 className={styles.resultsTitle}>Results</h4>
            <ul className={styles.results}>
              {story.results.map((result) => (
                <li key={result}>
                  <Icon name="check" size={18} />
                  {result}
                </li>
              ))}
            </ul>
          </article>
        </div>

        <div className={styles.controls}>
          <button type="button" className={styles.arrow} aria-label="Previous story" onClick={() => go(index - 1)}>
            <Icon name="arrowLeft" size={20} />
          </button>
          <ul className={styles.dots}>
            {STORIES.map((item, i) => (
              <li key={item.name}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Show story ${i + 1}: ${item.name}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className={styles.arrow} aria-label="Next story" onClick={() => go(index + 1)}>
            <Icon name="arrowRight" size={20} />
          </button>
        </div>
      </div>
    </section>
  );
}
