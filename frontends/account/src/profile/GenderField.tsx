import form from '@growth/kit/form.module.css';
import type { Gender } from './profileData';

/** 'Gender', optional: Select gender / Male / Female / Other, as sign-up and Edit Profile ask it. */
export function GenderField({ id, value, onChange }: { id: string; value: Gender; onChange(value: Gender): void }) {
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        Gender
      </label>
      <select id={id} className={form.select} value={value} onChange={(event) => onChange(event.target.value as Gender)}>
        <option value="">Select gender</option>
        <option value="0">Male</option>
        <option value="1">Female</option>
        <option value="2">Other</option>
      </select>
    </div>
  );
}
