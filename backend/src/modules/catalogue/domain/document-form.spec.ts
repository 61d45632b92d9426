import { appErrorOf } from '../../../../test/support/app-error';
import { documentOf } from './document-form';

const TODAY = '2026-01-15';

const messageOf = (run: () => unknown): string => appErrorOf(run).message;

describe('documentOf', () => {
  it('trims, drops blank lines, makes anchors from the headings and dates it today by default', () => {
    expect(
      documentOf(
        {
          slug: 'faqs',
          title: ' FAQ ',
          sections: [
            {
              heading: ' Payment & Refunds ',
              paragraphs: ['  First. ', ' '],
              faqs: [
                { question: ' Q? ', answer: ' A. ' },
                { question: '', answer: ' ' },
              ],
            },
            { heading: 'Payment & Refunds', items: ['one', ''] },
          ],
        },
        TODAY,
      ),
    ).toEqual({
      slug: 'faqs',
      title: 'FAQ',
      lastUpdated: TODAY,
      sections: [
        { id: 'payment-and-refunds', heading: 'Payment & Refunds', paragraphs: ['First.'], faqs: [{ question: 'Q?', answer: 'A.' }] },
        { id: 'payment-and-refunds-2', heading: 'Payment & Refunds', paragraphs: [], items: ['one'] },
      ],
    });
  });

  it('keeps a given date, and refuses one that is not a calendar date', () => {
    const sections = [{ heading: 'H', paragraphs: ['p'] }];
    expect(documentOf({ slug: 'terms-of-use', title: 'Terms', lastUpdated: '2025-09-02', sections }, TODAY).lastUpdated).toBe('2025-09-02');
    expect(messageOf(() => documentOf({ slug: 'terms-of-use', title: 'Terms', lastUpdated: '2025-02-30', sections }, TODAY))).toBe(
      'content.lastUpdated must be a date like 2025-09-02',
    );
  });

  it.each([
    [
      { slug: 'about', title: 'T', sections: [{ heading: 'H', paragraphs: ['p'] }] },
      'slug must be one of faqs, terms-of-use, shipping-delivery, privacy-policy, returns-policy, cookie-policy',
    ],
    [{ slug: 'faqs', title: ' ', sections: [{ heading: 'H', paragraphs: ['p'] }] }, 'title is required'],
    [{ slug: 'faqs', title: 'T', sections: [] }, 'content.sections must hold at least one section'],
    [{ slug: 'faqs', title: 'T', sections: [{ heading: ' ', paragraphs: ['p'] }] }, 'content.sections.0.heading is required'],
    [{ slug: 'faqs', title: 'T', sections: [{ heading: 'Empty', paragraphs: [' '] }] }, 'content.sections.0 ("Empty") has no text'],
    [
      { slug: 'faqs', title: 'T', sections: [{ heading: 'H', faqs: [{ question: 'Q?', answer: '' }] }] },
      'content.sections.0: every question needs an answer, and every answer a question',
    ],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(() => documentOf(input, TODAY))).toBe(message);
  });
});
