/** What a verified Google ID token says about its holder. */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`). */
  googleId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Checks Google ID tokens (signature, algorithm, issuer, audience, expiry). */
export abstract class GoogleIdentityVerifier {
  /** False when no GOOGLE_CLIENT_ID is configured: Google sign-in is off. */
  abstract readonly configured: boolean;
  /** The identity in a genuine token; null for anything else (forged, expired, wrong audience...). */
  abstract verify(idToken: string): Promise<GoogleIdentity | null>;
}
