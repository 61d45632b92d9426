import { PasswordEntry } from './PasswordEntry';

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
export function NewPasswordField(props: Props) {
  return <PasswordEntry label="New password" autoComplete="new-password" field="newPassword" {...props} />;
}
