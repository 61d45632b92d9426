/** What an e-mail + password form says before calling the server (docs/product.md#validation: both required). */
export interface CredentialErrors {
  email?: string;
  password?: string;
}

export const EMAIL_REQUIRED = 'Please enter your e-mail.';
export const PASSWORD_REQUIRED = 'Please enter your password.';

/** The customer login's and the admin login's check; `first` is the first field to fix, if any. */
export function checkCredentials(email: string, password: string): { errors: CredentialErrors; first: 'email' | 'password' | null } {
  const errors: CredentialErrors = {
    email: email.trim() ? undefined : EMAIL_REQUIRED,
    password: password ? undefined : PASSWORD_REQUIRED,
  };
  return { errors, first: errors.email ? 'email' : errors.password ? 'password' : null };
}
