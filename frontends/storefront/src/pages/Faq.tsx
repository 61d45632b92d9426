import { Link } from 'wouter';
import { Spinner } from '@growth/kit';
import { PageHeader } from '../components/PageHeader';
import { FaqItem } from '../documents/FaqItem';
import { useDocument } from '../documents/useDocument';
import styles from './Faq.module.css';

/** FAQ (docs/product.md#screens-and-routes): the stored 'faqs' document, four groups of accordions, and Contact Support. */
export default function Faq() {
  const state = useDocument('faqs');
  const title = state.status === 'loaded' ? state.document.title : 'Frequently Asked Questions';

  return (
    <div className={styles.page}>
      <PageHeader eyebrow="Help Center" title={title} lead="Answers about our services, pricing, payments and your account." />

      <div className={styles.body}>
        {state.status === 'loading' && <Spinner label="Loading questions…" />}
        {state.status === 'error' && (
          <div className={styles.error} role="alert">
            <p>{`Unable to load the questions: ${state.message}`}</p>
            <button type="button" className="button button--primary" onClick={state.retry}>
              Try again
            </button>
          </div>
        )}
        {state.status === 'loaded' &&
          state.document.sections.map((group) => (
            <section key={group.id} id={group.id} className={styles.group} aria-labelledby={`${group.id}-title`}>
              <h2 id={`${group.id}-title`} className={styles.groupTitle}>
                {group.heading}
              </h2>
              {group.paragraphs.map((paragraph) => (
                <p key={paragraph} className={styles.groupText}>
                  {paragraph}
                </p>
              ))}
              <div className={styles.list}>
                {(group.faqs ?? []).map((faq) => (
                  <FaqItem key={faq.question} question={faq.question} answer={faq.answer} />
                ))}
              </div>
            </section>
          ))}

        {/* Drawn with the answers, not under the spinner: it would be pushed down when they arrive (a layout shift). */}
        {state.status !== 'loading' && (
          <aside className={styles.support} aria-labelledby="faq-support-title">
            <h2 id="faq-support-title" className={styles.supportTitle}>
              Still have questions?
            </h2>
            <p>Our support team is available 24/7 and usually replies within 24 hours.</p>
            <Link href="/contact" className="button button--primary">
              Contact Support
            </Link>
          </aside>
        )}
      </div>
    </div>
  );
}
