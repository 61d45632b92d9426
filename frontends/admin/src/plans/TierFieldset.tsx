import { TextArea, TextField } from '../ui';
import type { TierDraft, TierErrors } from './planForm';
import styles from './Plans.module.css';

interface Props {
  tier: TierDraft;
  /** 1-based position, for the legend. */
  position: number;
  /** Prefix of the field ids (`${idPrefix}-name`, `-price`, …). */
  idPrefix: string;
  currency: string;
  errors?: TierErrors;
  disabled: boolean;
  onChange(change: Partial<TierDraft>): void;
  onRemove(): void;
}

/** Rows of a text box: its lines and one to type in, between `min` and 12. */
function rowsFor(text: string, min: number): number {
  return Math.min(12, Math.max(min, text.split('\n').length + 1));
}

/** One pricing tier: name, price, description, features one per line, Most Popular, Remove. */
export function TierFieldset({ tier, position, idPrefix, currency, errors, disabled, onChange, onRemove }: Props) {
  const title = tier.name.trim() ? `Tier ${position}: ${tier.name.trim()}` : `Tier ${position}`;
  return (
    <fieldset className={styles.tier} disabled={disabled}>
      <legend>{title}</legend>
      <div className={styles.tierRow}>
        <TextField id={`${idPrefix}-name`} label="Tier name" value={tier.name} maxLength={100} required error={errors?.name} onChange={(name) => onChange({ name })} />
        <TextField
          id={`${idPrefix}-price`}
          label={currency ? `Price (${currency})` : 'Price'}
          value={tier.price}
          inputMode="decimal"
          autoComplete="off"
          placeholder="19.99"
          required
          error={errors?.price}
          onChange={(price) => onChange({ price })}
        />
      </div>
      <TextArea
        id={`${idPrefix}-description`}
        label="Description"
        value={tier.description}
        rows={3}
        maxLength={1000}
        onChange={(description) => onChange({ description })}
      />
      <TextArea
        id={`${idPrefix}-features`}
        label="Features"
        hint="One feature per line; blank lines are dropped."
        value={tier.featuresText}
        rows={rowsFor(tier.featuresText, 4)}
        onChange={(featuresText) => onChange({ featuresText })}
      />
      <div className={styles.tierFoot}>
        <label className={styles.check}>
          <input type="checkbox" checked={tier.isPopular} onChange={(event) => onChange({ isPopular: event.target.checked })} />
          Most Popular
        </label>
        <button type="button" className={`button button--ghost ${styles.remove}`} onClick={onRemove}>
          Remove tier<span className="kit-visually-hidden"> {position}</span>
        </button>
      </div>
    </fieldset>
  );
}
