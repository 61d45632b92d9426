import { Icon, type IconName } from './Icon';
import styles from './FeatureTiles.module.css';

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Real, Organic Engagement', text: 'Every follower, like and view comes from real users, never bots.' },
  { icon: 'bolt', title: 'Delivery in 24-48 Hours', text: 'Your campaign starts fast and the results show within 24-48 hours.' },
  { icon: 'refund', title: '30-Day Money-Back Guarantee', text: 'Not happy with the results? Ask for your money back within 30 days.' },
  { icon: 'headset', title: '24/7 Support', text: 'Our growth team answers your questions day and night.' },
];

/** The four feature tiles under the hero. */
export function FeatureTiles() {
  return (
    <section className={styles.section} aria-label="Why creators trust us">
      <ul className={styles.grid}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.tile}>
            <span className={styles.icon}>
              <Icon name={feature.icon} />
            </span>
            <h2 className={styles.title}>{feature.title}</h2>
            <p className={styles.text}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
