import { CodeField as KitCodeField } from '@growth/kit/ui';
import styles from './Auth.module.css';

interface Props {
  id: string;
  label: string;
  value: string;
  /** Called with the digits only, at most six. */
  onChange(digits: string): void;
  /** The form's useFieldErrors `edited`. */
  edited(key: 'otp', value: string): void;
  error?: string;
}

/** The mailed 6-digit code of the customer's register and reset steps, in large spaced digits. */
export function CodeField({ id, label, value, onChange, edited, error }: Props) {
  return (
    <KitCodeField
      id={id}
      label={label}
      className={styles.otp}
      type="text"
      pattern="[0-9]{6}"
      value={value}
      onChange={(digits) => {
        onChange(digits);
        edited('otp', digits);
      }}
      error={error}
    />
  );
}
