import { useState } from 'react';
import { checkCredentials } from './credentials';
import { useFieldErrors } from './useFieldErrors';

type Field = 'email' | 'password';

const filled = (key: Field, value: string) => (key === 'email' ? value.trim() !== '' : value !== '');

/**
 * The e-mail and password of a login form (the customer's and the admin's) with their errors. The
 * fields' ids are `<idPrefix>-email` and `<idPrefix>-password`; `check()` shows what is missing
 * and focuses the first field to fix, and says whether the form may go to the server.
 */
export function useCredentials(idPrefix: string, initialEmail = '') {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const { errors, setErrors, edited } = useFieldErrors<Field>(filled);
  const check = () => {
    const { errors: found, first } = checkCredentials(email, password);
    setErrors(found);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return !first;
  };
  return { idPrefix, email, setEmail, password, setPassword, errors, edited, check };
}

export type Credentials = ReturnType<typeof useCredentials>;
