import { useEffect, useRef, useState } from 'react';
import { logoSrc } from '@growth/kit';
import { LOGO_TYPES, logoProblem } from './serviceForm';
import form from '@growth/kit/form.module.css';
import styles from './Services.module.css';

interface Props {
  /** The stored logo (edit mode), shown until a new file is chosen. */
  current: string | null | undefined;
  file: File | null;
  onChange(file: File | null): void;
  disabled?: boolean;
}

/** The logo file input (PNG, JPEG or WebP, at most 1 MiB, checked here) with a preview of the choice. */
export function LogoField({ current, file, onChange, disabled = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = logoProblem(chosen);
    setError(problem);
    if (problem) {
      if (input.current) input.current.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
  };

  const clear = () => {
    if (input.current) input.current.value = '';
    setError(null);
    onChange(null);
    input.current?.focus();
  };

  const shown = preview ?? logoSrc(current);
  const describedBy = ['logo-hint', error ? 'logo-error' : null].filter(Boolean).join(' ');

  return (
    <div className={form.field}>
      <label className={form.label} htmlFor="service-logo">
        Logo
      </label>
      <div className={styles.logoRow}>
        {shown && <img className={styles.preview} src={shown} alt={preview ? 'Preview of the chosen logo' : 'Current logo'} width={80} height={80} />}
        <input
          ref={input}
          id="service-logo"
          className={styles.file}
          type="file"
          accept={LOGO_TYPES.join(',')}
          onChange={(event) => choose(event.target.files?.[0])}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={disabled}
        />
        {file && (
          <button type="button" className="button button--ghost" onClick={clear} disabled={disabled}>
            Remove chosen file
          </button>
        )}
      </div>
      <p id="logo-hint" className={form.hint}>
        PNG, JPEG or WebP, at most 1 MiB.{current && !file ? ' Leave empty to keep the current logo.' : ''}
      </p>
      {error && (
        <p id="logo-error" className={form.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
