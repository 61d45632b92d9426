import type { ComponentProps } from 'react';
import { TextField } from './TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'onChange' | 'inputMode' | 'autoComplete' | 'maxLength'> & {
  /** Called with the digits only, at most six. */
  onChange(digits: string): void;
};

/**
 * A mailed 6-digit code (a customer's register and reset steps, the admin's password reset and
 * e-mail change): digits only, whatever else is typed or pasted is dropped; the phone's number pad
 * and the browser's one-time-code autofill.
 */
export function CodeField({ onChange, ...field }: Props) {
  return <TextField {...field} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(value) => onChange(value.replace(/\D/g, '').slice(0, 6))} />;
}
