/**
 * Razorpay's checkout.js, loaded on demand (DESIGN §6): requested only when a customer pays with
 * the Razorpay gateway, never on page load, and at most once however often Buy is pressed.
 */
export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const LOAD_TIMEOUT_MS = 20_000;

/** What checkout's handler receives after a successful payment (and what the sandbox answers). */
export interface PaymentProof {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The `payment.failed` event of checkout.js (the sandbox's failure answer has the same shape). */
export interface PaymentFailure {
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

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads checkout.js once; rejects when it cannot load (offline, blocked) or does not start. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null; // a later click may try again
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('Razorpay did not answer in time.'), LOAD_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (window.Razorpay) resolve(window.Razorpay);
      else fail('Razorpay checkout did not start.');
    };
    script.onerror = () => fail('Could not reach Razorpay.');
    document.head.appendChild(script);
  });
  return loading;
}
