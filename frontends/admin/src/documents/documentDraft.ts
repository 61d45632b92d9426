import type { DocumentFaq, StoredDocument } from '@growth/kit';

/** The document as GET /api/documents/:slug returns it (kit's types). */
export type { StoredDocument };

/** Public page of each document, where the storefront shows one. */
export const PUBLIC_PAGES: Record<string, string> = {
  faqs: '/faq',
  'terms-of-use': '/terms',
  'privacy-policy': '/privacy',
  'returns-policy': '/refund',
};

/** One section in the editor: paragraphs as text with blank lines between them, items one per line. */
export interface SectionDraft {
  uid: string;
  heading: string;
  paragraphs: string;
  items: string;
  faqs: (DocumentFaq & { uid: string })[];
}

export interface DocumentDraft {
  title: string;
  lastUpdated: string;
  sections: SectionDraft[];
}

let nextUid = 0;
export function uid(prefix: string): string {
  nextUid += 1;
  return `${prefix}-${nextUid}`;
}

export function newSection(): SectionDraft {
  return { uid: uid('section'), heading: '', paragraphs: '', items: '', faqs: [] };
}

export function newFaq(): SectionDraft['faqs'][number] {
  return { uid: uid('faq'), question: '', answer: '' };
}

export function draftOf(document: StoredDocument): DocumentDraft {
  return {
    title: document.title,
    lastUpdated: document.lastUpdated ?? '',
    sections: document.sections.map((section) => ({
      uid: uid('section'),
      heading: section.heading,
      paragraphs: (section.paragraphs ?? []).join('\n\n'),
      items: (section.items ?? []).join('\n'),
      faqs: (section.faqs ?? []).map((faq) => ({ uid: uid('faq'), question: faq.question, answer: faq.answer })),
    })),
  };
}

/** Today in the admin's calendar, 'YYYY-MM-DD'. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface SaveBody {
  slug: string;
  title: string;
  content: { lastUpdated?: string; sections: { heading: string; paragraphs: string[]; items: string[]; faqs: DocumentFaq[] }[] };
}

export type DraftCheck = { ok: true; body: SaveBody } | { ok: false; message: string; focus: string };

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The body of POST /documents/save ({ slug, title, content: { lastUpdated, sections } }), or what
 * to fix first: a title, a heading and some text in every section, both halves of every question.
 */
export function checkDocument(slug: string, draft: DocumentDraft): DraftCheck {
  const title = draft.title.trim();
  if (!title) return { ok: false, message: 'Enter a title.', focus: 'document-title' };
  if (draft.sections.length === 0) return { ok: false, message: 'Add at least one section.', focus: 'document-add-section' };
  const sections: SaveBody['content']['sections'] = [];
  for (const [index, section] of draft.sections.entries()) {
    const heading = section.heading.trim();
    if (!heading) return { ok: false, message: `Section ${index + 1} needs a heading.`, focus: `${section.uid}-heading` };
    const faqs: DocumentFaq[] = [];
    for (const faq of section.faqs) {
      const question = faq.question.trim();
      const answer = faq.answer.trim();
      if (!question && !answer) continue;
      if (!question || !answer) {
        return {
          ok: false,
          message: `Section ${index + 1}: every question needs an answer, and every answer a question.`,
          focus: `${faq.uid}-${question ? 'answer' : 'question'}`,
        };
      }
      faqs.push({ question, answer });
    }
    const paragraphs = paragraphsOf(section.paragraphs);
    const items = linesOf(section.items);
    if (paragraphs.length + items.length + faqs.length === 0) {
      return { ok: false, message: `Section ${index + 1} (“${heading}”) has no text.`, focus: `${section.uid}-paragraphs` };
    }
    sections.push({ heading, paragraphs, items, faqs });
  }
  const lastUpdated = draft.lastUpdated.trim();
  return { ok: true, body: { slug, title, content: { ...(lastUpdated ? { lastUpdated } : {}), sections } } };
}
