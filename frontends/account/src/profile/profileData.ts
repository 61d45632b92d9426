import { api, TOKEN_KEY, type ProfileAnswer, type ProfileUpdateAnswer } from '@growth/kit';

export type Gender = '' | '0' | '1' | '2';

/** POST /user/getById → data (docs/product.md#data-shapes "User (profile view)") and subscription counts. */
export interface ProfileView {
  userId: string;
  name: string;
  email: string;
  phone: string;
  /** The country's name, when the server resolves it. */
  country: string;
  countryId: string;
  callingId: string;
  /** As the sign-up form's select holds it: '0' male, '1' female, '2' other; '' for not given. */
  gender: Gender;
  createdAt: string;
  counts: { total: number; active: number; completed: number };
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function count(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

function gender(value: unknown): Gender {
  const digit = text(value);
  return digit === '0' || digit === '1' || digit === '2' ? digit : '';
}

/** The server may send the country as a name or as a country object. */
function countryName(value: unknown): string {
  if (value && typeof value === 'object') return text((value as { countryName?: unknown }).countryName);
  return text(value);
}

export async function fetchProfile(userId: string): Promise<ProfileView> {
  const body = await api.post<ProfileAnswer>('/user/getById', { userId });
  const data = body.data ?? {};
  const subs = body.subscriptions ?? {};
  return {
    userId: text(data.userId) || userId,
    name: text(data.name),
    email: text(data.email),
    phone: text(data.phone),
    country: countryName(data.country),
    countryId: text(data.countryId),
    callingId: text(data.callingId),
    gender: gender(data.gender),
    createdAt: text(data.createdAt),
    counts: { total: count(subs.total), active: count(subs.active), completed: count(subs.completed) },
  };
}

export interface ProfileUpdate {
  name: string;
  phone: string;
  newPassword?: string;
  oldPassword?: string;
  /** A country's _id; '' (or left out) keeps the stored one. */
  countryId?: string;
  callingId?: string;
  /** '' (or left out) keeps the stored one. */
  gender?: Gender;
}

/**
 * POST /user/update: the old password is sent only when a new one is given (docs/product.md#validation).
 * Country, calling code and gender are sent only when chosen: the server keeps a stored value for
 * one left out, so an empty select never clears it. A new password ends every session of the
 * account; the answer then carries this device's new token, which replaces the stored one.
 */
export async function updateProfile(userId: string, update: ProfileUpdate): Promise<string | null> {
  const payload: Record<string, string | number> = { userId, name: update.name.trim(), phone: update.phone.trim() };
  if (update.countryId) payload.countryId = update.countryId;
  if (update.callingId) payload.callingId = update.callingId;
  if (update.gender) payload.gender = Number(update.gender);
  if (update.newPassword) {
    payload.newPassword = update.newPassword;
    payload.oldPassword = update.oldPassword ?? '';
  }
  const body = await api.post<ProfileUpdateAnswer>('/user/update', payload);
  if (typeof body.token === 'string' && body.token) window.localStorage.setItem(TOKEN_KEY, body.token);
  return typeof body.message === 'string' && body.message.trim() ? body.message.trim() : null;
}

/** 'March 4, 2025'; '' for a missing or unreadable date. */
export function formatDate(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
