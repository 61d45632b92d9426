/**
 * A stored document: the FAQ and the shop's policies, shown on the information pages and edited
 * in the admin area's Documents group (docs/product.md#documents). Plain data.
 */
export const DOCUMENT_SLUGS = ['faqs', 'terms-of-use', 'shipping-delivery', 'privacy-policy', 'returns-policy', 'cookie-policy'] as const;
export type DocumentSlug = (typeof DOCUMENT_SLUGS)[number];

export interface Faq {
  question: string;
  answer: string;
}

export interface DocumentSection {
  /** Anchor of the section on its page: slug of the heading ("Governing Law" → "governing-law"). */
  id: string;
  heading: string;
  paragraphs: string[];
  /** A bulleted list shown after the paragraphs. */
  items?: string[];
  /** Questions and answers (the FAQ's groups). */
  faqs?: Faq[];
}

export interface StoredDocument {
  slug: string;
  title: string;
  /** Calendar date the text last changed in substance, 'YYYY-MM-DD'. */
  lastUpdated: string;
  sections: DocumentSection[];
  updatedAt: Date;
}

/** anchor(heading): lower case, '&' read as 'and', other runs of non-alphanumerics become '-'. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A section whose id is the anchor of its heading. */
export function section(heading: string, body: Omit<DocumentSection, 'id' | 'heading'>): DocumentSection {
  return { id: anchorOf(heading), heading, ...body };
}
