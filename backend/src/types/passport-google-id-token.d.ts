// passport-google-id-token ships no type declarations: the part of its strategy the Google verifier
// uses (backend/src/modules/identity/adapters/google/passport-google-identity.verifier.ts).
declare module 'passport-google-id-token' {
  export interface ParsedToken {
    header: { alg?: string; kid?: string };
    payload: { sub?: unknown; email?: unknown; email_verified?: unknown; name?: unknown; exp?: unknown; iss?: unknown };
  }

  export interface StrategyLike {
    authenticate(req: object, options?: object): void;
  }

  const GoogleTokenStrategy: new (
    options: object,
    verify: (parsedToken: ParsedToken, googleId: string, done: (error: unknown, user?: unknown) => void) => void,
  ) => StrategyLike;
  export default GoogleTokenStrategy;
}
