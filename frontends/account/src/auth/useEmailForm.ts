import { useState } from 'react';
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
  return { inputId, autoComplete, errors, edited, check, busy, setBusy };
}

export type EmailFormState = ReturnType<typeof useEmailForm>;
