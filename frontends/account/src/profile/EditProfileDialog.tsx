import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Banner, type BannerMessage, PasswordField, SubmitButton, TextField } from '@growth/kit/ui';
import { CountryCombobox } from '../countries/CountryCombobox';
import { PhoneField } from '../countries/PhoneField';
import { GenderField } from './GenderField';
import { useCountryList } from '../countries/useCountries';
import { updateProfile, type Gender, type ProfileView } from './profileData';
import { reasonOf } from './reason';
import form from '@growth/kit/form.module.css';
import styles from './Profile.module.css';

interface Props {
  profile: ProfileView;
  onClose(): void;
  /** The update went through: the profile's fields as now stored, and the server's words if any. */
  onSaved(saved: SavedProfile, serverMessage: string | null): void;
}

/** What Edit Profile changes; a detail left empty is the stored one, unchanged. */
export type SavedProfile = Pick<ProfileView, 'name' | 'phone' | 'country' | 'countryId' | 'callingId' | 'gender'>;

type Errors = Partial<Record<'name' | 'phone' | 'oldPassword', string>>;

const COUNTRIES_NOTE = 'edit-countries-note';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Edit Profile: a modal dialog (native <dialog> shown modally, so the page behind is inert;
 * Tab wraps inside, Escape closes, focus goes back to the opener). Name and phone required; a
 * new password needs the old one; country, calling code and gender optional, as at sign-up, with
 * the same lists (docs/product.md#validation).
 */
export function EditProfileDialog({ profile, onClose, onSaved }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone);
  const [callingId, setCallingId] = useState(profile.callingId);
  const [countryId, setCountryId] = useState(profile.countryId);
  const [gender, setGender] = useState<Gender>(profile.gender);
  const { countries, status: countriesStatus } = useCountryList();
  const countriesFailed = countriesStatus === 'failed';
  const [newPassword, setNewPassword] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    document.getElementById('edit-name')?.focus();
    return () => opener?.focus();
  }, []);

  // Tab and Shift+Tab wrap around inside the dialog.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: Errors = {
      name: name.trim() ? undefined : 'Please enter your name.',
      phone: phone.trim() ? undefined : 'Please enter your phone number.',
      oldPassword: newPassword && !oldPassword ? 'Enter your current password to set a new one.' : undefined,
    };
    setErrors(found);
    const first = (['name', 'phone', 'oldPassword'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`edit-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      // Only a changed detail is sent: one left as it was, or empty, stays as stored.
      const changed = <T extends string>(value: T, stored: T): T | '' => (value !== stored ? value : '');
      const serverMessage = await updateProfile(profile.userId, {
        name,
        phone,
        newPassword,
        oldPassword,
        countryId: changed(countryId, profile.countryId),
        callingId: changed(callingId, profile.callingId),
        gender: changed(gender, profile.gender),
      });
      const chosenCountry = countryId && countryId !== profile.countryId ? countries.find((c) => c._id === countryId) : undefined;
      onSaved(
        {
          name: name.trim(),
          phone: phone.trim(),
          countryId: countryId || profile.countryId,
          callingId: callingId || profile.callingId,
          gender: gender || profile.gender,
          country: chosenCountry ? chosenCountry.countryName : profile.country,
        },
        serverMessage,
      );
    } catch (error) {
      setMessage({ tone: 'failure', text: 'Update failed', detail: reasonOf(error) });
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="edit-profile-title"
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault(); // Escape: close through React state
        if (!busy) onClose();
      }}
    >
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.dialogHeader}>
          <h2 id="edit-profile-title" className={styles.dialogTitle}>
            Edit Profile
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose} disabled={busy}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <Banner message={message} />
        <TextField id="edit-name" label="Full name" autoComplete="name" value={name} onChange={setName} error={errors.name} />
        <PhoneField
          idPrefix="edit"
          countries={countries}
          callingId={callingId}
          onCallingId={setCallingId}
          phone={phone}
          onPhone={setPhone}
          error={errors.phone}
          callingDescribedBy={countriesFailed ? COUNTRIES_NOTE : undefined}
        />
        <div className={form.row}>
          <CountryCombobox
            id="edit-country"
            label="Country"
            kind="country"
            countries={countries}
            value={countryId}
            onChange={setCountryId}
            placeholder="Select country"
            describedBy={countriesFailed ? COUNTRIES_NOTE : undefined}
          />
          <GenderField id="edit-gender" value={gender} onChange={setGender} />
        </div>
        {countriesFailed && (
          <p id={COUNTRIES_NOTE} className={form.error} role="status">
            Countries could not be loaded right now, so country and calling code cannot be changed. You can still save your other changes.
          </p>
        )}
        <PasswordField id="edit-newPassword" label="New password" optional autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
        {newPassword && (
          <PasswordField
            id="edit-oldPassword"
            label="Current password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={setOldPassword}
            error={errors.oldPassword}
          />
        )}
        <div className={styles.dialogActions}>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <SubmitButton wide busy={busy} className={styles.save}>
            Save Changes
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
