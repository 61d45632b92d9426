import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ApiError, Spinner, adminApi, type DocumentAnswer } from '@growth/kit';
import { Banner, ErrorBanner, SubmitButton, TextField } from '../ui';
import { PUBLIC_PAGES, checkDocument, draftOf, newSection, today, type DocumentDraft, type SectionDraft, type StoredDocument } from './documentDraft';
import { SectionEditor } from './SectionEditor';
import styles from './Documents.module.css';

type Load = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; fresh: boolean };

interface Props {
  slug: string;
  /** The document's name in the sidebar, the title of a document that has none yet. */
  name: string;
}

/**
 * Edits one stored document (FAQ or policy): loads GET /documents/:slug (a 404 starts an empty
 * one), edits title, date and sections, saves with POST /documents/save; the public page shows the
 * new text at once (the server's caches follow the write).
 */
export function DocumentEditor({ slug, name }: Props) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<DocumentDraft>({ title: name, lastUpdated: '', sections: [newSection()] });
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    adminApi
      .get<DocumentAnswer>(`/documents/${encodeURIComponent(slug)}`, { signal: controller.signal })
      .then((answer) => {
        setDraft(draftOf(answer.document));
        setLoad({ status: 'ready', fresh: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ status: 'ready', fresh: true });
        else setLoad({ status: 'failed', error });
      });
    return () => controller.abort();
  }, [slug, attempt]);

  const edit = (patch: Partial<DocumentDraft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setSection = (index: number, next: SectionDraft) => edit({ sections: draft.sections.map((s, i) => (i === index ? next : s)) });
  const moveSection = (index: number, by: -1 | 1) => {
    const sections = [...draft.sections];
    const [moved] = sections.splice(index, 1);
    sections.splice(index + by, 0, moved);
    edit({ sections });
    requestAnimationFrame(() => document.getElementById(`${moved.uid}-heading`)?.focus());
  };
  const removeSection = (index: number) => {
    edit({ sections: draft.sections.filter((_, i) => i !== index) });
    requestAnimationFrame(() => document.getElementById('document-add-section')?.focus());
  };
  const addSection = () => {
    const section = newSection();
    edit({ sections: [...draft.sections, section] });
    requestAnimationFrame(() => document.getElementById(`${section.uid}-heading`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    setSaved(false);
    const checked = checkDocument(slug, draft);
    if (!checked.ok) {
      setInvalid(checked.message);
      document.getElementById(checked.focus)?.focus();
      return;
    }
    setInvalid(null);
    setSaving(true);
    try {
      const answer = await adminApi.post<{ data: StoredDocument }>('/documents/save', checked.body);
      setDraft(draftOf(answer.data));
      setLoad({ status: 'ready', fresh: false });
      setSaved(true);
    } catch (err) {
      setSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  if (load.status === 'loading') return <Spinner label="Loading the document…" />;
  if (load.status === 'failed') return <ErrorBanner title="Failed to load the document" error={load.error} onRetry={() => setAttempt((n) => n + 1)} />;

  const publicPage = PUBLIC_PAGES[slug];

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit ${name}`} aria-busy={saving}>
      {load.fresh && <Banner tone="info" text="This document has no text yet." detail="Write it below and save: it is created then." />}
      {invalid && <Banner tone="failure" text={invalid} />}
      {saveError !== null && <ErrorBanner title="Save failed" error={saveError} />}
      <div className={styles.meta}>
        <TextField id="document-title" label="Title" value={draft.title} onChange={(title) => edit({ title })} maxLength={200} disabled={saving} />
        <TextField
          id="document-date"
          label="Last updated"
          type="date"
          value={draft.lastUpdated}
          onChange={(lastUpdated) => edit({ lastUpdated })}
          hint="Empty: today."
          disabled={saving}
        />
      </div>
      <button type="button" className={`button button--ghost ${styles.add}`} onClick={() => edit({ lastUpdated: today() })} disabled={saving}>
        Set the date to today
      </button>
      {draft.sections.map((section, index) => (
        <SectionEditor
          key={section.uid}
          section={section}
          index={index}
          count={draft.sections.length}
          withFaqs={slug === 'faqs'}
          onChange={(next) => setSection(index, next)}
          onMove={moveSection}
          onRemove={removeSection}
          disabled={saving}
        />
      ))}
      <button id="document-add-section" type="button" className={`button button--ghost ${styles.add}`} onClick={addSection} disabled={saving}>
        Add section
      </button>
      <div className={styles.actions}>
        <SubmitButton busy={saving}>Save Document</SubmitButton>
        {publicPage && (
          <Link href={publicPage} className="button button--ghost">
            View public page
          </Link>
        )}
      </div>
      {saved && <Banner tone="success" text="Document saved" detail={publicPage ? 'The public page shows it now.' : null} />}
    </form>
  );
}
