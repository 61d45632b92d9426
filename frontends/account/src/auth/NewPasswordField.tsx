import { PasswordField } from '@growth/kit/ui';

interface Props {
  id: string;
  value: string;
  onChange(value: string): void;
  /** The form's useFieldErrors `edited`: the field's error goes as soon as it is fixed. */
  edited(key: 'newPassword', value: string): void;
  error?: string;
  hint?: string;
}

/** The new password of the customer's and the admin's password reset. */
export function NewPasswordField({ id, value, onChange, edited, error, hint }: Props) {
  return (
    <PasswordField
      id={id}
      label="New password"
      autoComplete="new-password"
      value={value}
      onChange={(next) => {
        onChange(next);
        edited('newPassword', next);
      }}
      error={error}
      hint={hint}
    />
  );
}
