import { createScriptLoader, type PaymentProof } from '@growth/kit';
/**
 * Razorpay's checkout.js, loaded on demand (docs/architecture.md#outside-resources): requested only when a customer pays with
 * the Razorpay gateway, never on page load, and at most once however often Buy is pressed.
 */
export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const LOAD_TIMEOUT_MS = 20_000;

/** The `payment.failed` event of checkout.js (the sandbox's failure answer has the same shape). */
export interface PaymentFailure {
  /** `description` is the gateway's wording: never shown (the dialog has its own, by `reason`). */
  error?: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  theme?: { color: string };
  prefill?: { email?: string; name?: string };
  handler(response: PaymentProof): void;
  modal?: { ondismiss?(): void };
  redirect?: boolean;
  callback_url?: string;
  /** Seconds after which Checkout closes (the order's lifetime): no payment can be started later. */
  timeout?: number;
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', listener: (response: PaymentFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** Loads checkout.js once; rejects when it cannot load (offline, blocked) or does not start. */
export const loadRazorpay: () => Promise<RazorpayConstructor> = createScriptLoader({
  url: RAZORPAY_SCRIPT_URL,
  timeoutMs: LOAD_TIMEOUT_MS,
  ready: () => window.Razorpay,
  vendor: 'Razorpay',
  notStarted: 'Razorpay checkout did not start.',
});
