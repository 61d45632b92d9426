import type { FormEvent } from 'react';
import { SubmitButton } from '@growth/kit/ui';
import form from '@growth/kit/form.module.css';
import { EmailField } from './EmailField';
import type { EmailFormState } from './useEmailForm';

interface Props {
  /** The form's accessible name. */
  label: string;
  /** The submit button's text. */
  submitLabel: string;
  email: string;
  onEmailChange(email: string): void;
  /** The form's useEmailForm. */
  state: EmailFormState;
  onSubmit(event: FormEvent): void;
}

/** A form whose one field is the e-mail a code is sent to (register, forgot password, the admin's forgot password). */
export function EmailForm({ label, submitLabel, email, onEmailChange, state, onSubmit }: Props) {
  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-label={label}>
      <EmailField id={state.inputId} autoComplete={state.autoComplete} value={email} onChange={onEmailChange} edited={state.edited} error={state.errors.email} />
      <SubmitButton wide busy={state.busy}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
