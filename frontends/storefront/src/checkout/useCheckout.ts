import { useCallback, useRef, useState } from 'react';
import { ApiError, extractErrorText, getRuntimeConfig, useAuth, type PaymentProof, type PricingTier } from '@growth/kit';
import { isInAppBrowser } from './inAppBrowser';
import { createOrder, paySandbox, verifyPayment, type CheckoutPlan } from './paymentCalls';
import { loadRazorpay, type PaymentFailure } from './razorpay';
import { failureReasonOfApiCode, type PaymentResult } from './ResultDialog';
import { formatMinorUnits } from './money';
import { orderNumberOf } from '@growth/kit/format';

/** The Razorpay window's colour: the shop's purple (docs/product.md#limits). */
export const PAYMENT_THEME_COLOR = '#7c3aed';
/** The name the Razorpay window shows: the shop's one name, which the server sends in the runtime config (backend/src/platform/config/brand.ts). */
const FALLBACK_SHOP_NAME = 'SocialGrowth';
const DEFAULT_CALLBACK_PATH = '/api/payment/callback';

export interface SandboxOrder {
  id: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The currency's decimals as the server counts them (its ISO 4217 table); formats `amount`. */
  exponent: number;
  /** When the order's price stops standing (ms since the epoch); null when the server did not say. */
  expiresAt: number | null;
}

/** Where a Buy Now is: each step shows its own dialog (BuyNow.tsx). */
export type CheckoutStep =
  | { kind: 'idle' }
  /** Signed out: the dialog that creates the account or signs in (AccountDialog). */
  | { kind: 'account' }
  | { kind: 'profile'; busy: boolean; orderError: string | null; link?: string }
  | { kind: 'sandbox'; order: SandboxOrder; link: string; busy: boolean }
  /** Razorpay's own window is open, or the payment is being verified. */
  | { kind: 'paying' }
  | { kind: 'result'; result: PaymentResult };

const IDLE: CheckoutStep = { kind: 'idle' };

function serverText(error: unknown): string | null {
  return error instanceof ApiError ? extractErrorText(error.body) : null;
}

/** The API's `error` code of a refusal (`{ success: false, message, error }`), or null. */
function serverCode(error: unknown): string | null {
  const body = error instanceof ApiError ? (error.body as { error?: unknown } | null | undefined) : null;
  return body && typeof body === 'object' && typeof body.error === 'string' ? body.error : null;
}

/** A payment the checkout (or the sandbox card) reports as failed: cancelled by the customer, else declined. */
function checkoutFailure(response: PaymentFailure | undefined): PaymentResult {
  return { kind: 'failed', reason: response?.error?.reason === 'payment_cancelled' ? 'cancelled' : 'declined' };
}

/** The checkout's timeout: the seconds left of the order's lifetime (null: no lifetime said; 0: over). */
function secondsLeft(order: SandboxOrder): number | null {
  return order.expiresAt === null ? null : Math.max(0, Math.floor((order.expiresAt - Date.now()) / 1000));
}

/**
 * Buy Now (docs/product.md#checkout-and-payments): sign-in or sign-up when signed out, profile link, order, checkout (Razorpay's window, or the
 * sandbox card dialog), verification, result. One flow at a time: a second click or submit while
 * one runs does nothing, so a double click never creates two orders.
 */
export function useCheckout(plan: CheckoutPlan, tier: PricingTier) {
  const { user } = useAuth();
  const [step, setStep] = useState<CheckoutStep>(IDLE);
  // The state above reaches the button one render late; these refs stop a second click at once.
  const running = useRef(false);
  const requesting = useRef(false);
  // The order being paid and its link: Try again after a declined payment reopens the checkout for
  // the same order, and a new order (the old one expired) starts from the same link.
  const attempt = useRef<{ order: SandboxOrder; link: string; provider: string; keyId?: string; description: string; callbackUrl: string } | null>(null);

  const finish = useCallback((result: PaymentResult | null) => {
    running.current = false;
    requesting.current = false;
    setStep(result ? { kind: 'result', result } : IDLE);
  }, []);

  const verify = useCallback(
    async (proof: PaymentProof) => {
      requesting.current = true;
      try {
        const answer = await verifyPayment(proof);
        const paid = attempt.current;
        attempt.current = null;
        const subscription = answer?.subscription;
        finish({
          kind: 'verified',
          receipt: paid
            ? {
                packageName: `${plan.name} · ${tier.name}`,
                amount: formatMinorUnits(paid.order.amount, paid.order.currency, paid.order.exponent),
                orderNumber: subscription?.subscriptionId ? orderNumberOf(subscription.subscriptionId) : null,
                orderId: paid.order.id,
                profileLink: subscription?.profileLink || paid.link,
                email: user?.email ?? null,
              }
            : undefined,
        });
      } catch (error) {
        // The shop's own sentence for the server's code; its message is not shown as such.
        finish(error instanceof ApiError ? { kind: 'failed', reason: failureReasonOfApiCode(serverCode(error)) } : { kind: 'error' });
      }
    },
    [finish, plan.name, tier.name, user],
  );

  const start = useCallback(() => {
    if (running.current) return;
    if (!user?.id) {
      setStep({ kind: 'account' });
      return;
    }
    running.current = true;
    attempt.current = null;
    setStep({ kind: 'profile', busy: false, orderError: null });
  }, [user]);

  /** The account dialog started a session: the checkout of the same tier goes on to the profile link. */
  const signedIn = useCallback(() => {
    if (running.current) return;
    running.current = true;
    attempt.current = null;
    setStep({ kind: 'profile', busy: false, orderError: null });
  }, []);

  /** Close the account or profile dialog, the sandbox card dialog, or a result. */
  const cancel = useCallback(() => {
    if (requesting.current) return;
    finish(null);
  }, [finish]);

  const openRazorpay = useCallback(
    async (order: SandboxOrder, keyId: string, description: string, callbackUrl: string) => {
      let Razorpay;
      try {
        Razorpay = await loadRazorpay();
      } catch {
        finish({ kind: 'sdk' });
        return;
      }
      const redirect = isInAppBrowser(navigator.userAgent);
      const timeout = secondsLeft(order);
      if (timeout === 0) {
        finish({ kind: 'failed', reason: 'checkout_expired' });
        return;
      }
      const checkout = new Razorpay({
        key: keyId,
        amount: order.amount,
        currency: order.currency,
        order_id: order.id,
        name: getRuntimeConfig().shopName || FALLBACK_SHOP_NAME,
        description,
        theme: { color: PAYMENT_THEME_COLOR },
        prefill: { email: user?.email, name: user?.name },
        handler: (proof) => void verify(proof),
        // Closed by the customer: the flow ends, unless it already has (payment.failed) or is verifying.
        modal: { ondismiss: () => running.current && !requesting.current && finish(null) },
        ...(redirect ? { redirect: true, callback_url: new URL(callbackUrl, window.location.origin).href } : {}),
        // Checkout closes when the order's price stops standing (Razorpay orders never expire by themselves).
        ...(timeout === null ? {} : { timeout }),
      });
      checkout.on('payment.failed', (response) => finish(checkoutFailure(response)));
      checkout.open();
    },
    [finish, user, verify],
  );

  /** The checkout window of the current attempt's order: the sandbox card dialog, or Razorpay's. */
  const openCheckout = useCallback(async () => {
    const current = attempt.current;
    try {
      if (!current) throw new Error('No order to pay');
      if (current.provider === 'sandbox') {
        setStep({ kind: 'sandbox', order: current.order, link: current.link, busy: false });
      } else if (current.provider === 'razorpay') {
        setStep({ kind: 'paying' });
        if (!current.keyId) throw new Error('No Razorpay key');
        await openRazorpay(current.order, current.keyId, current.description, current.callbackUrl);
      } else {
        throw new Error(`Unknown payment provider ${String(current.provider)}`);
      }
    } catch {
      finish({ kind: 'error' });
    }
  }, [finish, openRazorpay]);

  const submitProfileLink = useCallback(
    async (profileLink: string) => {
      if (!running.current || requesting.current || !user?.id) return;
      requesting.current = true;
      setStep({ kind: 'profile', busy: true, orderError: null, link: profileLink });
      let answer;
      try {
        answer = await createOrder({
          userId: user.id,
          planId: plan.planId,
          pricingId: tier.pricingId ?? '',
          currency: plan.currency || 'USD',
          profileLink,
        });
      } catch (error) {
        requesting.current = false;
        setStep({ kind: 'profile', busy: false, orderError: serverText(error) ?? 'Failed to create order', link: profileLink });
        return;
      }
      requesting.current = false;
      const orderId = answer.order?.id;
      if (!orderId) {
        setStep({ kind: 'profile', busy: false, orderError: 'Order creation failed' });
        return;
      }
      const exponent = answer.order?.exponent;
      if (typeof exponent !== 'number' || !Number.isInteger(exponent) || exponent < 0 || exponent > 4) {
        // Without the server's exponent the amount cannot be shown right (19990 KWD is 19.990, not 199.90).
        setStep({ kind: 'profile', busy: false, orderError: 'Order creation failed' });
        return;
      }
      const expiresAt = Date.parse(answer.order?.expiresAt ?? '');
      const order: SandboxOrder = {
        id: orderId,
        amount: Number(answer.order?.amount ?? 0),
        currency: answer.order?.currency ?? plan.currency ?? 'USD',
        exponent,
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : null,
      };
      const payments = getRuntimeConfig().payments;
      attempt.current = {
        order,
        link: profileLink,
        provider: answer.provider ?? payments?.provider ?? '',
        keyId: answer.keyId ?? payments?.keyId,
        description: answer.description ?? `${plan.name} · ${tier.name}`,
        callbackUrl: answer.callbackUrl ?? DEFAULT_CALLBACK_PATH,
      };
      await openCheckout();
    },
    [openCheckout, plan, tier, user],
  );

  /**
   * Try again after a declined or cancelled payment: the checkout opens again for the same order
   * (the link is not asked again); once that order's price no longer stands, the link dialog opens
   * with the link filled in, for a new order.
   */
  const tryAgain = useCallback(() => {
    const current = attempt.current;
    if (running.current || !current) return;
    running.current = true;
    if (secondsLeft(current.order) === 0) {
      attempt.current = null;
      setStep({ kind: 'profile', busy: false, orderError: null, link: current.link });
      return;
    }
    void openCheckout();
  }, [openCheckout]);

  /** A card of the sandbox checkout: its answer is Razorpay's handler or payment.failed response. */
  const chooseSandboxCard = useCallback(
    async (outcome: 'success' | 'failure') => {
      if (step.kind !== 'sandbox' || requesting.current) return;
      requesting.current = true;
      setStep({ ...step, busy: true });
      try {
        const answer = await paySandbox(step.order.id, outcome);
        if (answer.failed) {
          finish(checkoutFailure(answer));
          return;
        }
        await verify(answer);
      } catch (error) {
        // The sandbox card refuses an order past its lifetime, as Razorpay's checkout closes then.
        finish(serverCode(error) === 'checkout_expired' ? { kind: 'failed', reason: 'checkout_expired' } : { kind: 'error' });
      }
    },
    [finish, step, verify],
  );

  const busy = step.kind === 'profile' || step.kind === 'sandbox' || step.kind === 'paying';
  return { step, busy, start, signedIn, cancel, submitProfileLink, chooseSandboxCard, tryAgain };
}
