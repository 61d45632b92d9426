/**
 * A customer's new password (registration, the profile's change, a reset): the one rule the server
 * checks (identity's NewPasswordField) and the forms say before anyone types (docs/accounts.md).
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The rule as the forms show it under a new password field, before typing. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters.`;

/** What is wrong with a new password, in the customer's words, or null when the server will take it. */
export function newPasswordProblem(password: string): string | null {
  if (password === '') return 'Please choose a password.';
  if (password.length < MIN_PASSWORD_LENGTH) return `The password needs at least ${MIN_PASSWORD_LENGTH} characters (${password.length} so far).`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password can have at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}
