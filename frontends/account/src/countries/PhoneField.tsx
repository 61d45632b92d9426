import type { Country } from '@growth/kit';
import form from '@growth/kit/form.module.css';
import { CountryCombobox } from './CountryCombobox';
import styles from './PhoneField.module.css';

interface Props {
  /** The ids' prefix: `<prefix>-calling`, `<prefix>-phone` (and its label and error). */
  idPrefix: string;
  countries: Country[];
  /** The calling code's country _id, or ''. */
  callingId: string;
  onCallingId(id: string): void;
  phone: string;
  onPhone(phone: string): void;
  error?: string;
  /** Ids of notes about the calling code shown elsewhere (aria-describedby). */
  callingDescribedBy?: string;
}

/**
 * 'Phone': the calling code (a country combobox listing codes) beside the number, one label for
 * both, and the number's error under them. Sign-up and Edit Profile ask it the same way.
 */
export function PhoneField({ idPrefix, countries, callingId, onCallingId, phone, onPhone, error, callingDescribedBy }: Props) {
  const labelId = `${idPrefix}-phone-label`;
  const errorId = `${idPrefix}-phone-error`;
  return (
    <div className={form.field}>
      <span className={form.label} id={labelId}>
        Phone
      </span>
      <div className={styles.row}>
        <CountryCombobox
          id={`${idPrefix}-calling`}
          label="Calling code"
          labelHidden
          kind="calling"
          countries={countries}
          value={callingId}
          onChange={onCallingId}
          placeholder="+ Code"
          describedBy={callingDescribedBy}
        />
        <input
          id={`${idPrefix}-phone`}
          className={form.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-labelledby={labelId}
          value={phone}
          onChange={(event) => onPhone(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {error && (
        <p id={errorId} className={form.error}>
          {error}
        </p>
      )}
    </div>
  );
}
