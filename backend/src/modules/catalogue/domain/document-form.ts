import { AppError } from '../../../platform/errors/app-error';
import { anchorOf, DOCUMENT_SLUGS, type DocumentSection, type DocumentSlug, type Faq, type StoredDocument } from './document';

/**
 * A document as the admin's editor saves it: its slug, title and content in the shape GET
 * /documents/:slug returns it ({ lastUpdated?, sections: [{ heading, paragraphs, items?, faqs? }] }).
 * Plain rules: texts trimmed, blank lines dropped, anchors made from the headings (and made unique).
 */
export const DOCUMENT_LIMITS = {
  titleMax: 200,
  sectionsMax: 100,
  headingMax: 200,
  /** Paragraphs, items and questions of one section together. */
  partsMax: 200,
  textMax: 5000,
} as const;

export interface DocumentSectionInput {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  faqs?: Faq[];
}

export interface DocumentInput {
  slug: string;
  title: string;
  /** 'YYYY-MM-DD'; today when not given. */
  lastUpdated?: string;
  sections: DocumentSectionInput[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const invalid = (message: string) => new AppError('invalid', message, 'invalid');

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function lines(list: string[] | undefined): string[] {
  return (list ?? []).map((text) => text.trim()).filter((text) => text.length > 0);
}

/** The document to store, or an AppError naming what is wrong. `today` is 'YYYY-MM-DD'. */
export function documentOf(input: DocumentInput, today: string): Omit<StoredDocument, 'updatedAt'> {
  if (!(DOCUMENT_SLUGS as readonly string[]).includes(input.slug)) throw invalid(`slug must be one of ${DOCUMENT_SLUGS.join(', ')}`);
  const title = input.title.trim();
  if (!title) throw invalid('title is required');
  if (title.length > DOCUMENT_LIMITS.titleMax) throw invalid(`title must be at most ${DOCUMENT_LIMITS.titleMax} characters`);
  const lastUpdated = input.lastUpdated?.trim() || today;
  if (!isCalendarDate(lastUpdated)) throw invalid('content.lastUpdated must be a date like 2025-09-02');
  if (input.sections.length === 0) throw invalid('content.sections must hold at least one section');
  if (input.sections.length > DOCUMENT_LIMITS.sectionsMax) {
    throw invalid(`content.sections must hold at most ${DOCUMENT_LIMITS.sectionsMax} sections`);
  }

  const used = new Set<string>();
  const sections = input.sections.map((raw, index): DocumentSection => {
    const where = `content.sections.${index}`;
    const heading = raw.heading.trim();
    if (!heading) throw invalid(`${where}.heading is required`);
    if (heading.length > DOCUMENT_LIMITS.headingMax) throw invalid(`${where}.heading must be at most ${DOCUMENT_LIMITS.headingMax} characters`);
    const paragraphs = lines(raw.paragraphs);
    const items = lines(raw.items);
    const faqs: Faq[] = [];
    for (const faq of raw.faqs ?? []) {
      const question = faq.question.trim();
      const answer = faq.answer.trim();
      if (!question && !answer) continue;
      if (!question || !answer) throw invalid(`${where}: every question needs an answer, and every answer a question`);
      faqs.push({ question, answer });
    }
    const parts = [...paragraphs, ...items, ...faqs.flatMap((faq) => [faq.question, faq.answer])];
    if (parts.length === 0) throw invalid(`${where} ("${heading}") has no text`);
    if (paragraphs.length + items.length + faqs.length > DOCUMENT_LIMITS.partsMax) {
      throw invalid(`${where} must hold at most ${DOCUMENT_LIMITS.partsMax} paragraphs, items and questions`);
    }
    if (parts.some((text) => text.length > DOCUMENT_LIMITS.textMax)) {
      throw invalid(`${where}: a paragraph, item, question or answer must be at most ${DOCUMENT_LIMITS.textMax} characters`);
    }
    const base = anchorOf(heading) || 'section';
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return { id, heading, paragraphs, ...(items.length ? { items } : {}), ...(faqs.length ? { faqs } : {}) };
  });

  return { slug: input.slug as DocumentSlug, title, lastUpdated, sections };
}
