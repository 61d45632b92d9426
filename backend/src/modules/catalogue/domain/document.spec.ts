import { DOCUMENT_SEEDS, SEED_LAST_UPDATED, SUPPORT_CONTACT } from '../adapters/persistence/seed/documents';
import { anchorOf, DOCUMENT_SLUGS, section } from './document';

describe('anchorOf', () => {
  it.each([
    ['Governing Law and Jurisdiction', 'governing-law-and-jurisdiction'],
    ['Services & Pricing', 'services-and-pricing'],
    ["Children's Privacy", 'children-s-privacy'],
    ['  Our 30-Day Money-Back Guarantee  ', 'our-30-day-money-back-guarantee'],
    ['Contact Us!', 'contact-us'],
  ])('%s → %s', (heading, anchor) => {
    expect(anchorOf(heading)).toBe(anchor);
  });

  it('gives section() the anchor of its heading', () => {
    expect(section('Payment & Refunds', { paragraphs: [] })).toEqual({ id: 'payment-and-refunds', heading: 'Payment & Refunds', paragraphs: [] });
  });
});

describe('the seeded documents', () => {
  it('are exactly the Documents group of the admin area, in its order', () => {
    expect(DOCUMENT_SEEDS.map((d) => d.slug)).toEqual([...DOCUMENT_SLUGS]);
  });

  it.each(DOCUMENT_SEEDS.map((d) => [d.slug, d] as const))('%s: dated 2025-09-02, unique anchors, no empty section', (_slug, document) => {
    expect(document.lastUpdated).toBe(SEED_LAST_UPDATED);
    expect(SEED_LAST_UPDATED).toBe('2025-09-02');
    const ids = document.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of document.sections) {
      expect(s.id).toBe(anchorOf(s.heading));
      const parts = [...s.paragraphs, ...(s.items ?? []), ...(s.faqs ?? []).flatMap((f) => [f.question, f.answer])];
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(part.trim().length).toBeGreaterThan(5);
    }
  });

  it('have the section counts of their pages: Terms 16, Privacy 12, Refund 10, FAQ 4 groups', () => {
    const count = Object.fromEntries(DOCUMENT_SEEDS.map((d) => [d.slug, d.sections.length]));
    expect(count).toMatchObject({ 'terms-of-use': 16, 'privacy-policy': 12, 'returns-policy': 10, faqs: 4 });
  });

  it('quote the support contact values, with the office in Mathura', () => {
    const all = JSON.stringify(DOCUMENT_SEEDS);
    for (const value of [SUPPORT_CONTACT.email, SUPPORT_CONTACT.phone, SUPPORT_CONTACT.address, SUPPORT_CONTACT.liveChat]) expect(all).toContain(value);
    expect(SUPPORT_CONTACT.address).toContain('Mathura, Uttar Pradesh');
  });
});
