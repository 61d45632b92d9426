import { Logger } from '@nestjs/common';
import { type GoogleIdentity, GoogleIdentityVerifier } from '../../application/google-identity.verifier.port';
import GoogleTokenStrategy, { type ParsedToken, type StrategyLike } from 'passport-google-id-token';
import type { GoogleCertificates } from './google-certificates';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Verifies Google ID tokens with passport-google-id-token: signature against Google's certificate
 * of the token's kid (from our GoogleCertificates port), RS256 only (the strategy bundles an old
 * jsonwebtoken, so the algorithm must be pinned: no HS256-with-the-public-key, no `none`),
 * audience = GOOGLE_CLIENT_ID, issuer accounts.google.com, not expired. We also require `exp`
 * (the old jsonwebtoken skips the check when it is absent).
 */
export class PassportGoogleIdentityVerifier extends GoogleIdentityVerifier {
  private readonly logger = new Logger('GoogleSignIn');
  readonly configured: boolean;

  constructor(
    private readonly clientId: string | null,
    private readonly certificates: GoogleCertificates,
  ) {
    super();
    this.configured = !!clientId;
  }

  verify(idToken: string): Promise<GoogleIdentity | null> {
    if (!this.clientId) return Promise.resolve(null);
    return new Promise((resolve) => {
      const strategy = new GoogleTokenStrategy(
        {
          clientID: this.clientId,
          // A fresh options object per call: the strategy writes `audience` into it.
          jwtOptions: { algorithms: ['RS256'], issuer: GOOGLE_ISSUERS },
          getGoogleCerts: (kid: string, callback: (error: unknown, pem?: string) => void) => {
            if (typeof kid !== 'string' || !kid) return callback(null, undefined);
            this.certificates.pemFor(kid).then(
              (pem) => callback(null, pem ?? undefined),
              (error: unknown) => callback(error),
            );
          },
        },
        (parsed, googleId, done) => done(null, toIdentity(parsed, googleId)),
      );
      // The strategy reports through the methods passport adds to it; we add them ourselves.
      const run = Object.assign(Object.create(strategy) as StrategyLike, {
        success: (identity: GoogleIdentity | null) => resolve(identity),
        fail: (info?: { message?: string }) => {
          this.logger.warn(`Refused a Google ID token: ${info?.message ?? 'no reason given'}`);
          resolve(null);
        },
        error: (error: Error) => {
          this.logger.warn(`Google ID token check failed: ${error?.message}`);
          resolve(null);
        },
      });
      run.authenticate({ body: { id_token: idToken }, query: {}, headers: {} });
    });
  }
}

function toIdentity(parsed: ParsedToken, googleId: string): GoogleIdentity | false {
  const { payload, header } = parsed;
  if (header.alg !== 'RS256' || typeof payload.exp !== 'number' || typeof googleId !== 'string' || !googleId) return false;
  if (!GOOGLE_ISSUERS.includes(payload.iss as string)) return false;
  return {
    googleId,
    email: typeof payload.email === 'string' ? payload.email : null,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: typeof payload.name === 'string' ? payload.name : null,
  };
}
