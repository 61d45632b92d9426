import { Link } from 'wouter';
import styles from './Hero.module.css';

export function Hero() {
  return (
    <section className={styles.hero}>
      <div className={styles.inner}>
        <p className={styles.eyebrow}>Real people. Real engagement.</p>
        <h1 className={styles.title}>Grow your social media with real, organic engagement</h1>
        <p className={styles.lead}>
          Packages for YouTube, Instagram, X, Threads, Telegram, LinkedIn, TikTok and Facebook, delivered within
          24-48 hours and backed by a 30-day money-back guarantee.
        </p>
        <Link href="/services" className="button button--primary">
          View Services
        </Link>
      </div>
    </section>
  );
}
