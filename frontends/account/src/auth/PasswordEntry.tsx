import { PasswordField } from '@growth/kit/ui';

interface Props<K extends string> {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** The field's key in the form's useFieldErrors. */
  field: K;
  value: string;
  onChange(value: string): void;
  /** The form's useFieldErrors `edited`: the field's error goes as soon as it is fixed. */
  edited(key: K, value: string): void;
  error?: string;
  hint?: string;
}

/** A password field of the sign-in forms whose error is cleared as soon as it is fixed. */
export function PasswordEntry<K extends string>({ id, label, autoComplete, field, value, onChange, edited, error, hint }: Props<K>) {
  return (
    <PasswordField
      id={id}
      label={label}
      autoComplete={autoComplete}
      value={value}
      onChange={(next) => {
        onChange(next);
        edited(field, next);
      }}
      error={error}
      hint={hint}
    />
  );
}
