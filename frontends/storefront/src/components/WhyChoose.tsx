import { Icon, type IconName } from './Icon';
import section from './Section.module.css';
import styles from './WhyChoose.module.css';

const POINTS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'users',
    title: 'Real, Organic Engagement',
    text: 'Your audience grows with real users who watch, like and follow because they care about your content.',
  },
  {
    icon: 'clock',
    title: 'Delivery Within 24-48 Hours',
    text: 'Campaigns start quickly, and you see the first results within 24-48 hours of your order.',
  },
  {
    icon: 'refund',
    title: '30-Day Money-Back Guarantee',
    text: 'If a package does not deliver what it promises, you get your money back within 30 days.',
  },
  {
    icon: 'shield',
    title: '24/7 Support, Safe Payment',
    text: 'Support around the clock, safe encrypted payment, and no passwords required, ever.',
  },
];

/** Why Choose: the four points of docs/product.md#what-the-shop-sells. */
export function WhyChoose() {
  return (
    <section className={section.section} aria-labelledby="why-title">
      <div className={styles.panel}>
        <div className={styles.intro}>
          <p className={styles.eyebrow}>Why us</p>
          <h2 id="why-title" className={styles.title}>
            Why Choose SocialGrowth?
          </h2>
          <p className={styles.lead}>Creators and businesses in 20+ countries trust us with their growth. Here is what every package includes.</p>
        </div>
        <ul className={styles.points}>
          {POINTS.map((point) => (
            <li key={point.title} className={styles.point}>
              <span className={styles.icon}>
                <Icon name={point.icon} />
              </span>
              <div>
                <h3 className={styles.pointTitle}>{point.title}</h3>
                <p className={styles.pointText}>{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
