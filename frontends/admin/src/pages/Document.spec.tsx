import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import Document from './Document';
import { type FakeApi } from '../test/fakeApi';
import { startAdminSpec } from '../test/adminPage';

let fake: FakeApi;

beforeEach(() => {
  fake = startAdminSpec();
  localStorage.setItem('adminId', 'a1');
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
});

function visit(slug: string) {
  const memory = memoryLocation({ path: `/admin/document/${slug}` });
  render(
    <Router hook={memory.hook}>
      <Route path="/admin/document/:slug" component={Document} />
    </Router>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const TERMS = {
  slug: 'terms-of-use',
  title: 'Terms of Use',
  lastUpdated: '2025-09-02',
  sections: [
    { id: 'acceptance', heading: 'Acceptance', paragraphs: ['First.', 'Second.'] },
    { id: 'governing-law', heading: 'Governing Law', paragraphs: ['India.'], items: ['Courts of Mathura'] },
  ],
};

describe('Document editor', () => {
  it('loads the document and saves title, date and sections in the stored shape', async () => {
    fake.answer('GET /documents/terms-of-use', [200, { success: true, document: TERMS }]);
    fake.answer('/documents/save', [200, { success: true, data: { ...TERMS, title: 'Terms of Service' } }]);
    visit('terms-of-use');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeTruthy();
    await screen.findByDisplayValue('Acceptance');
    expect((screen.getAllByLabelText('Paragraphs')[0] as HTMLTextAreaElement).value).toBe('First.\n\nSecond.');
    expect((screen.getAllByLabelText('List items')[1] as HTMLTextAreaElement).value).toBe('Courts of Mathura');
    expect(screen.queryByLabelText('Question 1')).toBeNull();

    type('Title', 'Terms of Service');
    fireEvent.change(screen.getAllByLabelText('Paragraphs')[0], { target: { value: 'First.\n\n\nSecond,\nstill second.\n\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move up section 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Document' }));
    expect(await screen.findByText('Document saved')).toBeTruthy();
    expect(fake.callsTo('/documents/save')[0].body).toEqual({
      slug: 'terms-of-use',
      title: 'Terms of Service',
      content: {
        lastUpdated: '2025-09-02',
        sections: [
          { heading: 'Governing Law', paragraphs: ['India.'], items: ['Courts of Mathura'], faqs: [] },
          { heading: 'Acceptance', paragraphs: ['First.', 'Second,\nstill second.'], items: [], faqs: [] },
        ],
      },
    });
    expect(screen.getByRole('link', { name: 'View public page' }).getAttribute('href')).toBe('/terms');
  });

  it('a missing document starts empty; a section without a heading is refused before saving', async () => {
    fake.answer('GET /documents/cookie-policy', [404, { success: false, message: 'Document not found', error: 'document_not_found' }]);
    visit('cookie-policy');
    expect(await screen.findByText('This document has no text yet.')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Cookie Policy');
    type('Paragraphs', 'We use cookies.');
    fireEvent.click(screen.getByRole('button', { name: 'Save Document' }));
    expect(screen.getByRole('alert').textContent).toBe('Section 1 needs a heading.');
    expect(document.activeElement).toBe(screen.getByLabelText('Heading'));
    expect(fake.callsTo('/documents/save')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'View public page' })).toBeNull();
  });

  it('the FAQ edits questions and answers', async () => {
    fake.answer('GET /documents/faqs', [
      200,
      {
        success: true,
        document: {
          slug: 'faqs',
          title: 'FAQ',
          lastUpdated: '2025-09-02',
          sections: [{ id: 'general', heading: 'General Questions', paragraphs: [], faqs: [{ question: 'Is it safe?', answer: 'Yes.' }] }],
        },
      },
    ]);
    fake.answer('/documents/save', [
      400,
      { success: false, message: 'content.sections.0: every question needs an answer, and every answer a question', error: 'invalid' },
    ]);
    visit('faqs');
    await screen.findByDisplayValue('Is it safe?');
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    type('Question 2', 'How fast?');
    type('Answer 2', '24-48 hours.');
    fireEvent.click(screen.getByRole('button', { name: 'Save Document' }));
    await waitFor(() => expect(fake.callsTo('/documents/save')).toHaveLength(1));
    expect((fake.callsTo('/documents/save')[0].body as { content: { sections: unknown[] } }).content.sections).toEqual([
      {
        heading: 'General Questions',
        paragraphs: [],
        items: [],
        faqs: [
          { question: 'Is it safe?', answer: 'Yes.' },
          { question: 'How fast?', answer: '24-48 hours.' },
        ],
      },
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('Save failed');
  });
});
