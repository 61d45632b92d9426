import { useCallback, useState, type FormEvent } from 'react';
import { useAuth, type Country } from '@growth/kit';
import { Banner, failure, type BannerMessage, PasswordField, SubmitButton, TextField } from '@growth/kit/ui';
import { newPasswordProblem, PASSWORD_RULE } from '@growth/kit/sign-up';
import { CountryCombobox } from '../countries/CountryCombobox';
import { PhoneField } from '../countries/PhoneField';
import { GenderField } from '../profile/GenderField';
import form from '@growth/kit/form.module.css';
import { useFieldErrors } from './useFieldErrors';
import { EmailAddress } from '../profile/EmailAddress';
import styles from './Auth.module.css';

interface Props {
  email: string;
  /** The code verified in step 2; registration sends it along. */
  otp: string;
  message: BannerMessage | null;
  onMessage(message: BannerMessage | null): void;
  /** Called right before the session may start (the page then follows `next`). */
  onAttempt(): void;
  /** Loaded by the flow from its first step on, so the lists are ready here. */
  countries: Country[];
}

interface Details {
  name: string;
  phone: string;
  password: string;
  callingId: string;
  countryId: string;
  gender: '' | '0' | '1' | '2';
}

type Checked = 'name' | 'phone' | 'password';

const REQUIRED: Record<Checked, string> = {
  name: 'Please enter your name.',
  phone: 'Please enter your phone number.',
  password: 'Please choose a password.',
};

const filled = (value: string) => value.trim() !== '';

/** The field's error, in the customer's words: required fields, and the password rule the field shows before typing. */
const problemOf = (key: Checked, value: string) => (key === 'password' ? newPasswordProblem(value) : filled(value) ? null : REQUIRED[key]);

/** Register step 3 ('Create Your Account'): the account's details; registration then signs in. */
export function RegisterDetailsStep({ email, otp, message, onMessage: setMessage, onAttempt, countries }: Props) {
  const { register, lastAuthError } = useAuth();
  const [busy, setBusy] = useState(false);
  const [details, setDetails] = useState<Details>({ name: '', phone: '', password: '', callingId: '', countryId: '', gender: '' });
  const { errors, setErrors, edited } = useFieldErrors<Checked>(useCallback((key: Checked, value: string) => problemOf(key, value) === null, []));

  const set =
    <K extends keyof Details>(key: K) =>
    (value: Details[K]) => {
      setDetails((d) => ({ ...d, [key]: value }));
      if (key === 'name' || key === 'phone' || key === 'password') edited(key, value);
    };

  const complete = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: Partial<Record<Checked, string>> = {};
    for (const key of ['name', 'phone', 'password'] as const) {
      const problem = problemOf(key, details[key]);
      if (problem) found[key] = problem;
    }
    setErrors(found);
    const first = (['name', 'phone', 'password'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`register-${first}`)?.focus();
      return;
    }
    setBusy(true);
    onAttempt();
    const ok = await register({
      email: email.trim(),
      otp,
      password: details.password,
      name: details.name,
      phone: details.phone,
      callingId: details.callingId,
      countryId: details.countryId,
      address: '',
      gender: details.gender === '' ? '' : (Number(details.gender) as 0 | 1 | 2),
    });
    if (ok) {
      setMessage({ tone: 'success', text: 'Registration successful!' });
    } else {
      setMessage(failure('Registration failed.', lastAuthError()));
      setBusy(false);
    }
  };

  return (
    <>
      <header className={styles.intro}>
        <h1 className={styles.title} tabIndex={-1}>
          Create Your Account
        </h1>
        <p className={styles.subtitle}>
          Signing up as{' '}
          <strong className={styles.email}>
            <EmailAddress address={email.trim()} />
          </strong>
          .
        </p>
      </header>
      <Banner message={message} />
      <form className={form.form} onSubmit={(event) => void complete(event)} noValidate aria-label="Create your account">
        <TextField id="register-name" label="Full name" autoComplete="name" value={details.name} onChange={set('name')} error={errors.name} />
        <PhoneField
          idPrefix="register"
          countries={countries}
          callingId={details.callingId}
          onCallingId={set('callingId')}
          phone={details.phone}
          onPhone={set('phone')}
          error={errors.phone}
        />
        <PasswordField
          id="register-password"
          label="Password"
          autoComplete="new-password"
          value={details.password}
          onChange={set('password')}
          hint={PASSWORD_RULE}
          error={errors.password}
        />
        <div className={form.row}>
          <CountryCombobox
            id="register-country"
            label="Country"
            kind="country"
            countries={countries}
            value={details.countryId}
            onChange={set('countryId')}
            placeholder="Select country"
          />
          <GenderField id="register-gender" value={details.gender} onChange={set('gender')} />
        </div>
        <SubmitButton wide busy={busy}>
          Complete Registration
        </SubmitButton>
      </form>
    </>
  );
}
