import type { ApiSuccess, Country as CountryBody, CustomerProfile, ListAnswer, ProfileAnswer, SignInAnswer } from '@growth/contracts';
import type { ProfileWithCounts, Profile } from '../../application/profile';
import type { SignInResult } from '../../application/sign-in.result';
import type { Country } from '../../domain/country';
import { withoutBidiControls } from '../../../../kernel/bidi-controls';

// Responses are built from explicit fields (docs/architecture.md#api-contract): no hash ever leaves the server.
// Each is typed with the body the frontends read, from @growth/contracts (docs/architecture.md#contracts).

/** POST /user/login and /user/google. */
export function signInBody(result: SignInResult, message: string): ApiSuccess<SignInAnswer> {
  const { user } = result;
  return {
    success: true as const,
    message,
    token: result.token,
    userId: user.userId,
    user: {
      name: user.name,
      email: user.email,
      phone: user.phone,
      countryId: user.countryId,
      callingId: user.callingId,
      gender: user.gender,
      createdAt: user.createdAt.toISOString(),
    },
  };
}

/**
 * The `data` of /user/getById and /user/update. The name without bidi controls: new names are
 * stored without them, and a row stored before is shown so (docs/security.md#text-entered-by-customers).
 */
export function profileData(profile: Profile): CustomerProfile {
  const { user } = profile;
  return {
    userId: user.userId,
    name: withoutBidiControls(user.name),
    email: user.email,
    phone: user.phone,
    country: profile.countryName,
    countryId: user.countryId,
    callingId: user.callingId,
    gender: user.gender,
    createdAt: user.createdAt.toISOString(),
  };
}

export function profileBody(profile: ProfileWithCounts): ApiSuccess<ProfileAnswer> {
  return {
    success: true as const,
    data: profileData(profile),
    subscriptions: {
      total: profile.subscriptions.total,
      active: profile.subscriptions.active,
      completed: profile.subscriptions.completed,
    },
  };
}

/** GET /country/getall. */
export function countriesBody(countries: Country[]): ApiSuccess<ListAnswer<CountryBody>> {
  return {
    success: true as const,
    data: countries.map((country) => ({
      _id: country.countryId,
      flag: country.flag,
      countryName: country.name,
      countryCode: country.code,
      callingCode: country.callingCode,
    })),
  };
}
