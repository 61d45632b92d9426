import { newFaq, type SectionDraft } from './documentDraft';
import { FaqRows } from './FaqRows';
import { uiStyles } from '../ui';
import form from '@growth/kit/form.module.css';
import styles from './Documents.module.css';

interface Props {
  section: SectionDraft;
  index: number;
  count: number;
  /** The FAQ document edits questions and answers; the others only where a section has them. */
  withFaqs: boolean;
  onChange(next: SectionDraft): void;
  onMove(index: number, by: -1 | 1): void;
  onRemove(index: number): void;
  disabled: boolean;
}

/** One section: heading, paragraphs (a blank line between two), list items (one per line), questions. */
export function SectionEditor({ section, index, count, withFaqs, onChange, onMove, onRemove, disabled }: Props) {
  const number = index + 1;
  const set = (patch: Partial<SectionDraft>) => onChange({ ...section, ...patch });
  return (
    <fieldset className={styles.section}>
      <legend className={uiStyles.legend}>Section {number}</legend>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${section.uid}-heading`}>
          Heading
        </label>
        <input
          id={`${section.uid}-heading`}
          className={form.input}
          value={section.heading}
          maxLength={200}
          onChange={(event) => set({ heading: event.target.value })}
          disabled={disabled}
        />
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${section.uid}-paragraphs`}>
          Paragraphs
        </label>
        <textarea
          id={`${section.uid}-paragraphs`}
          className={`${form.input} ${styles.paragraphs}`}
          rows={6}
          value={section.paragraphs}
          onChange={(event) => set({ paragraphs: event.target.value })}
          aria-describedby={`${section.uid}-paragraphs-hint`}
          disabled={disabled}
        />
        <p id={`${section.uid}-paragraphs-hint`} className={form.hint}>
          Leave a blank line between two paragraphs.
        </p>
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${section.uid}-items`}>
          List items
        </label>
        <textarea
          id={`${section.uid}-items`}
          className={form.input}
          rows={3}
          value={section.items}
          onChange={(event) => set({ items: event.target.value })}
          aria-describedby={`${section.uid}-items-hint`}
          disabled={disabled}
        />
        <p id={`${section.uid}-items-hint`} className={form.hint}>
          One bullet point per line, shown after the paragraphs (optional).
        </p>
      </div>
      {(withFaqs || section.faqs.length > 0) && (
        <FaqRows
          sectionNumber={number}
          faqs={section.faqs}
          disabled={disabled}
          onAdd={() => set({ faqs: [...section.faqs, newFaq()] })}
          onRemove={(uid) => set({ faqs: section.faqs.filter((faq) => faq.uid !== uid) })}
          onChange={(uid, field, text) => set({ faqs: section.faqs.map((faq) => (faq.uid === uid ? { ...faq, [field]: text } : faq)) })}
        />
      )}
      <div className={styles.sectionTools}>
        <button type="button" className="button button--ghost" onClick={() => onMove(index, -1)} disabled={disabled || index === 0}>
          Move up<span className="kit-visually-hidden"> section {number}</span>
        </button>
        <button type="button" className="button button--ghost" onClick={() => onMove(index, 1)} disabled={disabled || index === count - 1}>
          Move down<span className="kit-visually-hidden"> section {number}</span>
        </button>
        <button type="button" className={`button ${styles.remove}`} onClick={() => onRemove(index)} disabled={disabled} aria-label={`Remove section ${number}`}>
          Remove section
        </button>
      </div>
    </fieldset>
  );
}
