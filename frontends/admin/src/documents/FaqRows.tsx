import type { SectionDraft } from './documentDraft';
import form from '@growth/kit/form.module.css';
import styles from './Documents.module.css';

interface Props {
  sectionNumber: number;
  faqs: SectionDraft['faqs'];
  onChange(uid: string, field: 'question' | 'answer', text: string): void;
  onAdd(): void;
  onRemove(uid: string): void;
  disabled: boolean;
}

/** The questions and answers of one FAQ section. */
export function FaqRows({ sectionNumber, faqs, onChange, onAdd, onRemove, disabled }: Props) {
  return (
    <div className={styles.faqs}>
      {faqs.map((faq, index) => (
        <div key={faq.uid} className={styles.faq}>
          <div className={form.field}>
            <label className={form.label} htmlFor={`${faq.uid}-question`}>
              Question {index + 1}
            </label>
            <input
              id={`${faq.uid}-question`}
              className={form.input}
              value={faq.question}
              onChange={(event) => onChange(faq.uid, 'question', event.target.value)}
              disabled={disabled}
            />
          </div>
          <div className={form.field}>
            <label className={form.label} htmlFor={`${faq.uid}-answer`}>
              Answer {index + 1}
            </label>
            <textarea
              id={`${faq.uid}-answer`}
              className={form.input}
              rows={3}
              value={faq.answer}
              onChange={(event) => onChange(faq.uid, 'answer', event.target.value)}
              disabled={disabled}
            />
          </div>
          <button
            type="button"
            className={`button ${styles.remove}`}
            onClick={() => onRemove(faq.uid)}
            disabled={disabled}
            aria-label={`Remove question ${index + 1} of section ${sectionNumber}`}
          >
            Remove question
          </button>
        </div>
      ))}
      <button type="button" className={`button button--ghost ${styles.add}`} onClick={onAdd} disabled={disabled}>
        Add question
      </button>
    </div>
  );
}
