import { Link } from 'wouter';
import { Spinner } from '@growth/kit';
import { Breadcrumb } from '../components/Breadcrumb';
import { Icon } from '../components/Icon';
import header from '../components/PageHeader.module.css';
import { formatDocumentDate, useDocument } from './useDocument';
import styles from './DocumentPage.module.css';

const CONTENT_ID = 'document-content';
const TOP_ID = 'document-top';

/**
 * A policy page (Terms, Privacy, Refund) rendering its stored document: breadcrumb Home / page,
 * skip-to-content link, title, last updated date, section index with anchors, sections,
 * back-to-top link; loading and error states.
 */
export function DocumentPage({ slug, pageName }: { slug: string; pageName: string }) {
  const state = useDocument(slug);
  const title = state.status === 'loaded' ? state.document.title : pageName;

  return (
    <div className={styles.page} id={TOP_ID}>
      <a className={styles.skip} href={`#${CONTENT_ID}`}>
        Skip to content
      </a>
      <header className={header.band}>
        <div className={styles.headInner}>
          <Breadcrumb parent={{ href: '/', label: 'Home' }} current={title} className={styles.breadcrumb} />
          <h1 className={styles.title}>{title}</h1>
          {state.status === 'loaded' && (
            <p className={styles.updated}>
              <Icon name="calendar" size={16} />
              {`Last updated ${formatDocumentDate(state.document.lastUpdated)}`}
            </p>
          )}
        </div>
      </header>

      {state.status === 'loading' && <Spinner label={`Loading ${pageName}…`} />}
      {state.status === 'error' && (
        <div className={styles.error} role="alert">
          <p>{`Unable to load the ${pageName}: ${state.message}`}</p>
          <button type="button" className="button button--primary" onClick={state.retry}>
            Try again
          </button>
          <Link href="/contact" className="button button--ghost">
            Contact Support
          </Link>
        </div>
      )}
      {state.status === 'loaded' && (
        <div className={styles.body}>
          <nav className={styles.index} aria-labelledby="document-index-title">
            <h2 id="document-index-title" className={styles.indexTitle}>
              On this page
            </h2>
            <ol>
              {state.document.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>

          <article id={CONTENT_ID} className={styles.content} tabIndex={-1}>
            {state.document.sections.map((section, index) => (
              <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`} className={styles.sectionTitle}>
                  <span className={styles.number} aria-hidden="true">
                    {index + 1}.
                  </span>
                  {section.heading}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.items && section.items.length > 0 && (
                  <ul className={styles.items}>
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
            <p className={styles.back}>
              <a href={`#${TOP_ID}`}>
                <Icon name="arrowUp" size={16} />
                Back to top
              </a>
            </p>
          </article>
        </div>
      )}
    </div>
  );
}
