import { TextField } from '@growth/kit/ui';
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

/** The mailed 6-digit code of the customer's register and reset steps: digits only, the phone's number pad. */
export function CodeField({ id, label, value, onChange, edited, error }: Props) {
  return (
    <TextField
      id={id}
      label={label}
      className={styles.otp}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      value={value}
      onChange={(next) => {
        const digits = next.replace(/\D/g, '').slice(0, 6);
        onChange(digits);
        edited('otp', digits);
      }}
      error={error}
    />
  );
}
