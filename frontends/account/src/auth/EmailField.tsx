import { TextField } from '@growth/kit/ui';

interface Props {
  id: string;
  /** "email" on the customer's forms, "username" on the admin's (the password manager's account name). */
  autoComplete: 'email' | 'username';
  value: string;
  onChange(value: string): void;
  /** The form's useFieldErrors `edited`: the field's error goes as soon as it is fixed. */
  edited(key: 'email', value: string): void;
  error?: string;
}

/** The e-mail field of the sign-in forms. */
export function EmailField({ id, autoComplete, value, onChange, edited, error }: Props) {
  return (
    <TextField
      id={id}
      label="Email"
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      value={value}
      onChange={(next) => {
        onChange(next);
        edited('email', next);
      }}
      error={error}
    />
  );
}
