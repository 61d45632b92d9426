import { useCallback, useRef, useState } from 'react';
import { ApiError, extractErrorText, getRuntimeConfig, useAuth, type PricingTier } from '@growth/kit';
import { isInAppBrowser } from './inAppBrowser';
import { createOrder, paySandbox, verifyPayment, type CheckoutPlan } from './paymentCalls';
import { loadRazorpay, type PaymentProof } from './razorpay';
import type { PaymentResult } from './ResultDialog';

/** The Razorpay window's colour: the shop's purple (spec §9). */
export const PAYMENT_THEME_COLOR = '#7c3aed';
const SHOP_NAME = 'Growth Storefront';
const DEFAULT_CALLBACK_PATH = '/api/payment/callback';

export interface SandboxOrder {
  id: string;
  amount: number;
  currency: string;
}

/** Where a Buy Now is: each step shows its own dialog (BuyNow.tsx). */
export type CheckoutStep =
  | { kind: 'idle' }
  | { kind: 'login' }
  | { kind: 'profile'; busy: boolean; orderError: string | null }
  | { kind: 'sandbox'; order: SandboxOrder; busy: boolean }
  /** Razorpay's own window is open, or the payment is being verified. */
  | { kind: 'paying' }
  | { kind: 'result'; result: PaymentResult };

const IDLE: CheckoutStep = { kind: 'idle' };

function serverText(error: unknown): string | null {
  return error instanceof ApiError ? extractErrorText(error.body) : null;
}

/**
 * Buy Now (spec §4 Payment): login check, profile link, order, checkout (Razorpay's window, or the
 * sandbox card dialog), verification, result. One flow at a time: a second click or submit while
 * one runs does nothing, so a double click never creates two orders.
 */
export function useCheckout(plan: CheckoutPlan, tier: PricingTier) {
  const { user } = useAuth();
  const [step, setStep] = useState<CheckoutStep>(IDLE);
  // The state above reaches the button one render late; these refs stop a second click at once.
  const running = useRef(false);
  const requesting = useRef(false);

  const finish = useCallback((result: PaymentResult | null) => {
    running.current = false;
    requesting.current = false;
    setStep(result ? { kind: 'result', result } : IDLE);
  }, []);

  const verify = useCallback(
    async (proof: PaymentProof) => {
      requesting.current = true;
      try {
        await verifyPayment(proof);
        finish({ kind: 'verified' });
      } catch (error) {
        finish(error instanceof ApiError ? { kind: 'failed', message: serverText(error) } : { kind: 'error' });
      }
    },
    [finish],
  );

  const start = useCallback(() => {
    if (running.current) return;
    if (!user?.id) {
      setStep({ kind: 'login' });
      return;
    }
    running.current = true;
    setStep({ kind: 'profile', busy: false, orderError: null });
  }, [user]);

  /** Close the login or profile dialog, the sandbox card dialog, or a result. */
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
      const checkout = new Razorpay({
        key: keyId,
        amount: order.amount,
        currency: order.currency,
        order_id: order.id,
        name: SHOP_NAME,
        description,
        theme: { color: PAYMENT_THEME_COLOR },
        prefill: { email: user?.email, name: user?.name },
        handler: (proof) => void verify(proof),
        // Closed by the customer: the flow ends, unless it already has (payment.failed) or is verifying.
        modal: { ondismiss: () => running.current && !requesting.current && finish(null) },
        ...(redirect ? { redirect: true, callback_url: new URL(callbackUrl, window.location.origin).href } : {}),
      });
      checkout.on('payment.failed', (response) => finish({ kind: 'failed', message: response?.error?.description }));
      checkout.open();
    },
    [finish, user, verify],
  );

  const submitProfileLink = useCallback(
    async (profileLink: string) => {
      if (!running.current || requesting.current || !user?.id) return;
      requesting.current = true;
      setStep({ kind: 'profile', busy: true, orderError: null });
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
        setStep({ kind: 'profile', busy: false, orderError: serverText(error) ?? 'Failed to create order' });
        return;
      }
      requesting.current = false;
      const orderId = answer.order?.id;
      if (!orderId) {
        setStep({ kind: 'profile', busy: false, orderError: 'Order creation failed' });
        return;
      }
      const order: SandboxOrder = {
        id: orderId,
        amount: Number(answer.order?.amount ?? 0),
        currency: answer.order?.currency ?? plan.currency ?? 'USD',
      };
      const payments = getRuntimeConfig().payments;
      const provider = answer.provider ?? payments?.provider;
      try {
        if (provider === 'sandbox') {
          setStep({ kind: 'sandbox', order, busy: false });
        } else if (provider === 'razorpay') {
          setStep({ kind: 'paying' });
          const keyId = answer.keyId ?? payments?.keyId;
          if (!keyId) throw new Error('No Razorpay key');
          await openRazorpay(order, keyId, answer.description ?? `${plan.name} · ${tier.name}`, answer.callbackUrl ?? DEFAULT_CALLBACK_PATH);
        } else {
          throw new Error(`Unknown payment provider ${String(provider)}`);
        }
      } catch {
        finish({ kind: 'error' });
      }
    },
    [finish, openRazorpay, plan, tier, user],
  );

  /** A card of the sandbox checkout: its answer is Razorpay's handler or payment.failed response. */
  const chooseSandboxCard = useCallback(
    async (outcome: 'success' | 'failure') => {
      if (step.kind !== 'sandbox' || requesting.current) return;
      requesting.current = true;
      setStep({ ...step, busy: true });
      try {
        const answer = await paySandbox(step.order.id, outcome);
        if (answer.failed) {
          finish({ kind: 'failed', message: answer.error?.description });
          return;
        }
        await verify(answer);
      } catch {
        finish({ kind: 'error' });
      }
    },
    [finish, step, verify],
  );

  const busy = step.kind === 'profile' || step.kind === 'sandbox' || step.kind === 'paying';
  return { step, busy, start, cancel, submitProfileLink, chooseSandboxCard };
}
