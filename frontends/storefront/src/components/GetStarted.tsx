import { Link } from 'wouter';
import styles from './GetStarted.module.css';

/** The closing call to action of Home. */
export function GetStarted() {
  return (
    <section className={styles.section} aria-labelledby="get-started-title">
      <div className={styles.panel}>
        <h2 id="get-started-title" className={styles.title}>
          Ready to Grow Your Audience?
        </h2>
        <p className={styles.text}>Join 100K+ creators and businesses who grow with real, organic engagement. Results within 24-48 hours.</p>
        <Link href="/services" className={`button ${styles.button}`}>
          Get Started
        </Link>
      </div>
    </section>
  );
}
