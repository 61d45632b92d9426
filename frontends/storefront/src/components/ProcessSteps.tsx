import { Icon, type IconName } from './Icon';
import section from './Section.module.css';
import styles from './ProcessSteps.module.css';

const STEPS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'target', title: 'Choose a Service', text: 'Pick your platform and the package that matches your goals.' },
  { icon: 'lock', title: 'Pay Securely', text: 'Check out with safe, encrypted payment. We never ask for your password.' },
  { icon: 'trend', title: 'Watch Your Growth', text: 'Delivery starts within 24-48 hours. Sit back and watch your numbers rise.' },
];

/** Simple 3-Step Process: choose a service, pay securely, watch growth (docs/product.md#what-the-shop-sells). */
export function ProcessSteps() {
  return (
    <section className={section.section} aria-labelledby="process-title">
      <p className={section.eyebrow}>How it works</p>
      <h2 id="process-title" className={section.title}>
        Simple 3-Step Process
      </h2>
      <p className={section.lead}>From choosing a package to seeing results takes only a few minutes of your time.</p>
      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            <span className={styles.icon}>
              <Icon name={step.icon} size={28} />
            </span>
            <h3 className={styles.title}>
              <span className="kit-visually-hidden">{`Step ${index + 1}: `}</span>
              {step.title}
            </h3>
            <p className={styles.text}>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
