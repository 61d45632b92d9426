import formStyles from '@growth/kit/form.module.css';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The field's box (each filter bar sizes its own). */
  className: string;
  min?: string;
  max?: string;
  /** The id of a message about the field. */
  describedBy?: string;
}

/** A labelled date input (YYYY-MM-DD) of the admin's filters and periods; an empty min or max is no limit. */
export function DateField({ id, label, value, onChange, className, min, max, describedBy }: Props) {
  return (
    <div className={className}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={formStyles.input}
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
      />
    </div>
  );
}
