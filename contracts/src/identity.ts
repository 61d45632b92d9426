/** The customers' bodies: sign-in, the session profile, countries and the admin's clients list (docs/product.md#data-shapes). */
import type { MetaPagedAnswer } from './api';

/** The session profile (docs/product.md#data-shapes "User session profile"). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  countryId: string;
  callingId: string;
  gender: number | '';
  createdAt: string;
}

/** The customer a sign-in answer carries in `user`; the frontends fill in what is missing (kit's buildSessionUser). */
export interface SignInUser {
  name: string;
  email: string;
  phone: string;
  countryId: string | null;
  callingId: string | null;
  /** 0 Male, 1 Female, 2 Other; null when not given. */
  gender: number | null;
  createdAt: string;
}

/** What POST /user/login, POST /user/google and POST /user/reset-password answer (docs/product.md#api). */
export interface SignInAnswer {
  message?: string;
  token?: string;
  userId?: string;
  user?: Partial<SignInUser> | null;
}

/** POST /user/reset-password: the words, and the session the reset signs the customer in with. */
export type PasswordResetAnswer = SignInAnswer;

/** A customer's profile as POST /user/getById and /user/update answer it in `data` (docs/product.md#data-shapes "User (profile view)"). */
export interface CustomerProfile {
  userId: string;
  name: string;
  email: string;
  phone: string;
  /** The country's name. */
  country: string | null;
  countryId: string | null;
  callingId: string | null;
  gender: number | null;
  createdAt: string;
}

/** POST /user/update: the words, the profile as saved, and the new session when the password changed. */
export interface ProfileUpdateAnswer {
  message?: string;
  data?: Partial<CustomerProfile>;
  token?: string;
}

/** POST /user/getById: the profile and the customer's subscription counts. */
export interface ProfileAnswer {
  data?: Partial<CustomerProfile>;
  subscriptions?: { total?: number; active?: number; completed?: number };
}

/** A country of GET /country/getall (docs/product.md#data-shapes). `flag` is an emoji or an image URL. */
export interface Country {
  _id: string;
  flag: string;
  countryName: string;
  countryCode: string;
  callingCode: string;
}

/** One row of POST /user/getAll (docs/product.md#data-shapes "User (profile view)"). */
export interface ClientRow {
  userId: string;
  name: string;
  email: string;
  phone?: string;
  /** The country's name; null when the customer gave none. */
  country?: string | null;
  createdAt?: string;
  subscriptions?: { total?: number; active?: number; completed?: number };
}

/**
 * POST /user/getAll: users list paging (docs/product.md#data-shapes): total, page, lastPage in `meta`;
 * `cursors` the keys of the rows beside this page (null at the ends).
 */
export type ClientsAnswer = MetaPagedAnswer<ClientRow> & { cursors?: { next?: string | null; prev?: string | null } };
