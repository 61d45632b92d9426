import { Chip } from '@growth/kit/ui';

/** The words a screen reader reads (and a mouse shows) for the badge (docs/payments.md#sandbox-orders). */
export const SANDBOX_BADGE_LABEL = 'Sandbox payment — no real money';

/**
 * "Sandbox" on an order paid with no real money (the server's `sandbox: true`: the sandbox gateway
 * or a Razorpay test key; docs/payments.md#sandbox-orders), so staff never take it for a sale.
 * Nothing for any other value.
 */
export function SandboxBadge({ sandbox }: { sandbox: unknown }) {
  if (sandbox !== true) return null;
  return (
    <Chip tone="amber" label={SANDBOX_BADGE_LABEL}>
      Sandbox
    </Chip>
  );
}
