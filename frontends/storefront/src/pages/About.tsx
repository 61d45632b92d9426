import { Link } from 'wouter';
import { Icon, type IconName } from '../components/Icon';
import { PageHeader } from '../components/PageHeader';
import styles from './About.module.css';

/** A card of the page: an icon, a heading and its text. */
type IconCard = { icon: IconName; title: string; text: string };

const VALUES: IconCard[] = [
  { icon: 'heart', title: 'Authenticity', text: 'Only real people, real engagement and honest numbers. No bots, no fake accounts.' },
  { icon: 'star', title: 'Excellence', text: 'We measure ourselves by your results and keep improving every campaign we run.' },
  { icon: 'sparkle', title: 'Innovation', text: 'New platforms, new formats, new ideas: we adapt fast so your growth never stalls.' },
  { icon: 'scale', title: 'Integrity', text: 'Clear prices, clear promises, and a 30-day money-back guarantee when we fall short.' },
];

const AIMS: IconCard[] = [
  {
    icon: 'target',
    title: 'Our Mission',
    text: 'To make real, organic growth simple, safe and affordable for everyone who creates, with no passwords required and results you can trust.',
  },
  {
    icon: 'eye',
    title: 'Our Vision',
    text: 'A world where great content finds its audience, whatever the size of the creator behind it, and where every follower is a real person.',
  },
];

const STATS = [
  { value: '2023', label: 'Founded' },
  { value: '50+', label: 'Team members' },
  { value: '20+', label: 'Countries' },
  { value: '100K+', label: 'Clients' },
];

/** About (docs/product.md#screens-and-routes): story, mission, vision, four core values, team stats. */
export default function About() {
  return (
    <div className={styles.page}>
      <PageHeader
        variant="hero"
        titleId="about-title"
        eyebrow="About Us"
        title="We help creators and businesses grow with real people"
        lead="SocialGrowth brings real, organic engagement to YouTube, Instagram, X, Threads, Telegram, LinkedIn, TikTok and Facebook, for 100K+ clients in 20+ countries."
      />

      <section className={styles.story} aria-labelledby="story-title">
        <div>
          <h2 id="story-title" className={styles.sectionTitle}>
            Our Story
          </h2>
          <p>
            SocialGrowth was founded in 2023 by a small group of creators and marketers in Mathura, India, who were tired of growth services that sold bots and empty
            numbers. We believed that a channel or a brand grows when real people discover it, so we built campaigns that put your content in front of audiences who
            actually care.
          </p>
          <p>
            Today a team of 50+ people runs campaigns for creators, musicians, coaches and businesses in more than 20 countries, with delivery within 24-48 hours and
            support around the clock.
          </p>
        </div>
        <dl className={styles.stats} aria-label="Team stats">
          {STATS.map((stat) => (
            <div key={stat.label} className={styles.stat}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.missionVision} aria-label="Mission and vision">
        {AIMS.map((aim) => (
          <article key={aim.title} className={styles.mv}>
            <span className={styles.mvIcon}>
              <Icon name={aim.icon} />
            </span>
            <h2 className={styles.mvTitle}>{aim.title}</h2>
            <p>{aim.text}</p>
          </article>
        ))}
      </section>

      <section className={styles.values} aria-labelledby="values-title">
        <h2 id="values-title" className={styles.sectionTitleCenter}>
          Our Core Values
        </h2>
        <ul className={styles.valueGrid}>
          {VALUES.map((value) => (
            <li key={value.title} className={styles.value}>
              <span className={styles.valueIcon}>
                <Icon name={value.icon} />
              </span>
              <h3 className={styles.valueTitle}>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="about-cta-title">
        <h2 id="about-cta-title" className={styles.ctaTitle}>
          Grow with us
        </h2>
        <p>Browse our services or talk to the team about your goals.</p>
        <div className={styles.ctaActions}>
          <Link href="/services" className="button button--primary">
            View Services
          </Link>
          <Link href="/contact" className="button button--ghost">
            Contact Us
          </Link>
        </div>
      </section>
    </div>
  );
}
