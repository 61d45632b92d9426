import { Link } from 'wouter';
import { Icon } from './Icon';
import styles from './Hero.module.css';

/** Home hero: the promise, View Services, and a decorative growth card. */
export function Hero() {
  return (
    <section className={styles.hero}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>Real people. Real engagement.</p>
          <h1 className={styles.title}>
            Grow your social media with <span className={styles.highlight}>real, organic engagement</span>
          </h1>
          <p className={styles.lead}>
            Packages for YouTube, Instagram, X, Threads, Telegram, LinkedIn, TikTok and Facebook, delivered within 24-48 hours and backed by a 30-day money-back
            guarantee.
          </p>
          <div className={styles.actions}>
            <Link href="/services" className={`button button--primary ${styles.cta}`}>
              View Services
            </Link>
            <Link href="/about" className={`button button--ghost ${styles.cta}`}>
              How we work
            </Link>
          </div>
          <ul className={styles.trust}>
            <li>
              <Icon name="shield" size={18} /> No passwords required
            </li>
            <li>
              <Icon name="users" size={18} /> 100K+ clients
            </li>
          </ul>
        </div>

        <div className={styles.visual} aria-hidden="true">
          <div className={styles.card}>
            <div className={styles.cardHead}>
              <span className={styles.cardLabel}>Followers this month</span>
              <span className={styles.badge}>+248%</span>
            </div>
            <p className={styles.cardValue}>48,920</p>
            <svg className={styles.chart} viewBox="0 0 300 110" preserveAspectRatio="none">
              <defs>
                <linearGradient id="hero-chart-fill" x1="0" x2="0" y1="0" y2="1">
                  <stop offset="0" stopColor="#7c3aed" stopOpacity="0.35" />
                  <stop offset="1" stopColor="#7c3aed" stopOpacity="0" />
                </linearGradient>
              </defs>
              <path d="M0 96 L40 88 L80 90 L120 70 L160 64 L200 42 L240 36 L300 8 L300 110 L0 110 Z" fill="url(#hero-chart-fill)" />
              <path
                d="M0 96 L40 88 L80 90 L120 70 L160 64 L200 42 L240 36 L300 8"
                fill="none"
                stroke="#7c3aed"
                strokeWidth="3"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
            <div className={styles.cardStats}>
              <span>
                <strong>24-48h</strong> delivery
              </span>
              <span>
                <strong>24/7</strong> support
              </span>
            </div>
          </div>
          <div className={styles.floating}>
            <Icon name="heart" size={18} /> 12.4K new likes
          </div>
        </div>
      </div>
    </section>
  );
}
