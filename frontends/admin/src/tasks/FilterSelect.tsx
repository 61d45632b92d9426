import formStyles from '@growth/kit/form.module.css';
import styles from '../lists/Lists.module.css';

/** One labelled select of an admin list's toolbar (tasks, refunds). */
export function FilterSelect<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  wide = false,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: string): void;
  wide?: boolean;
}) {
  return (
    <div className={`${formStyles.field} ${styles.filter}${wide ? ` ${styles.filterWide}` : ''}`}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={formStyles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
