import { getRuntimeConfig } from '@growth/kit';
import { Banner } from '@growth/kit/ui';
import styles from './AdminLayout.module.css';

/** The banner's words (docs/payments.md#sandbox-orders). */
export const SANDBOX_BANNER_TEXT = 'Payments are in sandbox mode: no real money is taken.';

/**
 * Across every admin page while the server's payments take no real money (the runtime config's
 * `payments.sandbox`: the sandbox gateway, or Razorpay under a test key). Nothing otherwise.
 */
export function SandboxBanner() {
  if (getRuntimeConfig().payments?.sandbox !== true) return null;
  return <Banner tone="info" text={SANDBOX_BANNER_TEXT} className={styles.sandboxBanner} />;
}
