/** What the server says about itself to the browser (docs/architecture.md#runtime-profiles). */

/** GET /api/runtime-config: read by the shell once at start, before the first remote page. */
export interface RuntimeConfig {
  /** Where each remote's remoteEntry.js or mf-manifest.json lives (`REMOTE_*_URL`). */
  remotes: Record<string, string>;
  /** The shop's name (the server's one setting of it, also the mails' sender name). */
  shopName?: string;
  /** Null when Google sign-in is not configured (docs/architecture.md#runtime-profiles). */
  googleClientId: string | null;
  /**
   * Which payment gateway the server uses and its public key (docs/architecture.md#runtime-profiles);
   * `sandbox`: it takes no real money now (the sandbox gateway, or a Razorpay test key; docs/payments.md#sandbox-orders).
   */
  payments?: { provider: string; keyId: string; sandbox?: boolean };
}
