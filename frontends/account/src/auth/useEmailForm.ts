import { useState, type FormEvent } from 'react';
import type { BannerMessage } from '@growth/kit/ui';
import { EMAIL_REQUIRED } from './credentials';
import { useFieldErrors } from './useFieldErrors';

const filled = (_key: 'email', value: string) => value.trim() !== '';

/**
 * A form whose one field is the e-mail (docs/product.md#validation: required), rendered by
 * EmailForm: the field's id and autocomplete, its error, whether the form waits for the server
 * (`busy`), and `check(email)`, which shows 'Please enter your e-mail.' and focuses the field when
 * it is empty, clears the error otherwise, and says whether the form may go to the server.
 */
export function useEmailForm(inputId: string, autoComplete: 'email' | 'username') {
  const { errors, setErrors, edited } = useFieldErrors<'email'>(filled);
  const [busy, setBusy] = useState(false);
  const check = (email: string) => {
    if (!email.trim()) {
      setErrors({ email: EMAIL_REQUIRED });
      document.getElementById(inputId)?.focus();
      return false;
    }
    setErrors({});
    return true;
  };
  /**
   * A submit handler that clears the banner, checks `email`, then waits for `send` while busy; when
   * `send` throws, the banner says `failed(error)` and the form can be sent again. After `send` the
   * form stays busy: the next step takes its place. The handler returns at once (a form's submit
   * event awaits nothing); every failure of `send` ends in the banner.
   */
  const sendWith =
    (email: string, setMessage: (message: BannerMessage | null) => void, send: () => Promise<void>, failed: (error: unknown) => BannerMessage) => (event: FormEvent) => {
      event.preventDefault();
      setMessage(null);
      if (!check(email)) return;
      setBusy(true);
      send().catch((error: unknown) => {
        setMessage(failed(error));
        setBusy(false);
      });
    };
  return { inputId, autoComplete, errors, edited, check, busy, setBusy, sendWith };
}

export type EmailFormState = ReturnType<typeof useEmailForm>;
