import type { ApiSuccess, DocumentAnswer, DocumentSection as DocumentSectionBody } from '@growth/contracts';
import type { DocumentSection, StoredDocument } from '../../domain/document';

/** Response of GET /documents/:slug, built from an explicit list of fields (docs/product.md#documents). */
export function documentBody(document: StoredDocument): ApiSuccess<DocumentAnswer> {
  return {
    success: true as const,
    document: {
      slug: document.slug,
      title: document.title,
      lastUpdated: document.lastUpdated,
      sections: document.sections.map(sectionBody),
    },
  };
}

function sectionBody(section: DocumentSection): DocumentSectionBody {
  return {
    id: section.id,
    heading: section.heading,
    paragraphs: section.paragraphs ?? [],
    ...(section.items?.length ? { items: section.items } : {}),
    ...(section.faqs?.length ? { faqs: section.faqs.map((faq) => ({ question: faq.question, answer: faq.answer })) } : {}),
  };
}
