import { ContactForm } from '../contact/ContactForm';
import { Icon, type IconName } from '../components/Icon';
import { PageHeader } from '../components/PageHeader';
import styles from './Contact.module.css';

/** Static support values (docs/product.md#screens-and-routes); the backend's policy texts quote the same ones. */
const CONTACT_DETAILS: { icon: IconName; title: string; value: string; href?: string }[] = [
  { icon: 'mail', title: 'Email Support', value: 'support@growth.local', href: 'mailto:support@growth.local' },
  { icon: 'phone', title: 'Phone', value: '+91 565 240 7788', href: 'tel:+915652407788' },
  {
    icon: 'pin',
    title: 'Office Address',
    value: '2nd Floor, Krishna Plaza, Dampier Nagar, Mathura, Uttar Pradesh 281001, India',
  },
  { icon: 'chat', title: 'Live Chat', value: 'Mon-Fri 9am-6pm PST' },
];

/** Contact (docs/product.md#screens-and-routes): the contact form and 'Get in Touch'. */
export default function Contact() {
  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow="Contact Us"
        title="We would love to hear from you"
        lead="Questions about a package, an order or a custom plan? Send us a message and our team replies within 24 hours."
      />
      <div className={styles.body}>
        <ContactForm />
        <section className={styles.touch} aria-labelledby="get-in-touch-title">
          <h2 id="get-in-touch-title" className={styles.touchTitle}>
            Get in Touch
          </h2>
          <ul className={styles.details}>
            {CONTACT_DETAILS.map((detail) => (
              <li key={detail.title} className={styles.detail}>
                <span className={styles.icon}>
                  <Icon name={detail.icon} />
                </span>
                <div>
                  <h3 className={styles.detailTitle}>{detail.title}</h3>
                  {detail.href ? (
                    <a href={detail.href} className={styles.detailValue}>
                      {detail.value}
                    </a>
                  ) : (
                    <p className={styles.detailValue}>{detail.value}</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
