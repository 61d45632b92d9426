import { api } from '../api/client';
import { ApiError } from '../api/errors';
import type { SignInAnswer } from '@growth/contracts';
import type { SessionGrant } from './AuthProvider';

/** The registration form (docs/product.md#data-shapes); gender 0 Male, 1 Female, 2 Other. */
export interface RegistrationForm {
  email: string;
  otp: string;
  password: string;
  name: string;
  phone: string;
  callingId: string;
  countryId: string;
  /** Held by the form, no input shown (docs/product.md#data-shapes). */
  address: string;
  gender: 0 | 1 | 2 | '';
}

function grantFrom(body: SignInAnswer, typedEmail: string): SessionGrant {
  const token = typeof body.token === 'string' ? body.token : '';
  const userId = body.userId === undefined || body.userId === null ? '' : String(body.userId);
  if (!token || !userId) throw new ApiError('The server sent no session.');
  const user = body.user && typeof body.user === 'object' ? body.user : null;
  return { token, userId, email: user?.email || typedEmail, user };
}

/** POST /user/login → the session to start. Rejects with the server's reason. */
export async function signIn(email: string, password: string): Promise<SessionGrant> {
  const typed = email.trim();
  const body = await api.post<SignInAnswer>('/user/login', { email: typed, password });
  return grantFrom(body, typed);
}

/**
 * POST /user/register with the whole registration object, then log in with the same
 * credentials: registration's result is that login's result (docs/product.md#accounts-and-sign-in).
 */
export async function signUp(form: RegistrationForm): Promise<SessionGrant> {
  const payload: Record<string, unknown> = {
    ...form,
    email: form.email.trim(),
    name: form.name.trim(),
    phone: form.phone.trim(),
  };
  // Optional choices the visitor left empty are not sent (the server treats them as absent).
  for (const key of ['callingId', 'countryId', 'address', 'gender'] as const) {
    if (payload[key] === '') delete payload[key];
  }
  await api.post('/user/register', payload);
  return signIn(form.email, form.password);
}

/**
 * POST /user/google with an ID token. The name falls back to the part of the e-mail before the
 * at-sign, else 'User' (docs/product.md#data-shapes).
 */
export async function signInWithGoogle(idToken: string): Promise<SessionGrant> {
  const body = await api.post<SignInAnswer>('/user/google', { idToken });
  const grant = grantFrom(body, '');
  const email = grant.user?.email || '';
  const name = grant.user?.name?.trim() || email.split('@')[0] || 'User';
  return { ...grant, email, user: { ...grant.user, name } };
}
