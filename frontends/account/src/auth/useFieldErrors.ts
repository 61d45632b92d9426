import { useCallback, useState } from 'react';

/**
 * A form's field errors, each of which disappears as soon as its field is fixed: once shown, an
 * error is re-checked on every change and cleared when the value passes `isFixed`. A field that is
 * still wrong keeps its message as it was (no new wording while the person is typing).
 */
export function useFieldErrors<K extends string>(isFixed: (key: K, value: string) => boolean) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const edited = useCallback(
    (key: K, value: string) => setErrors((current) => (current[key] && isFixed(key, value) ? { ...current, [key]: undefined } : current)),
    [isFixed],
  );
  return { errors, setErrors, edited };
}
