import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import { RecordPurchaseUseCase } from '../../subscriptions/application/record-purchase.use-case';
import type { Subscription } from '../../subscriptions/domain/subscription';
import { notYourOrder, orderNotFound } from '../domain/billing.errors';
import type { PaymentOrder } from '../domain/payment-order';
import { isAuthenticCheckout } from '../domain/payment-signatures';
import { CompletePayment, type PaymentSource } from './complete-payment';
import { VOID_ANSWERS } from './order-void';
import { PaymentOrderRepository } from './payment-order.repository.port';

/** What the checkout hands back (Razorpay's handler response; the sandbox answers the same). */
export interface PaymentProof {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export const VERIFICATION_FAILED = 'We could not verify the payment. Please contact support.';

/**
 * POST /payment/verify and the redirect callback: checks the checkout signature against the order
 * id WE stored (HMAC with the key secret, constant-time), then completes the order. A bad or missing
 * signature stores nothing; a repeat returns the same subscription. A payment that is not honoured
 * (an expired or withdrawn order, refunded in full) is a 409 `order_expired` / `order_withdrawn`.
 */
@Injectable()
export class VerifyPaymentUseCase {
  constructor(
    private readonly config: AppConfig,
    private readonly orders: PaymentOrderRepository,
    private readonly complete: CompletePayment,
    private readonly purchases: RecordPurchaseUseCase,
  ) {}

  /** `caller` null: the redirect callback, where the signature alone proves the payment. */
  async execute(caller: Principal | null, proof: PaymentProof, source: PaymentSource = 'checkout'): Promise<{ order: PaymentOrder; subscription: Subscription }> {
    const stored = await this.orders.findById(proof.razorpay_order_id);
    if (!stored) throw orderNotFound();
    if (caller && stored.userId !== caller.id) {
      throw notYourOrder();
    }
    if (!isAuthenticCheckout(stored.orderId, proof.razorpay_payment_id, proof.razorpay_signature, this.config.payments.keySecret)) {
      throw new AppError('invalid', 'Payment verification failed: the payment signature is not valid.', 'invalid_signature');
    }
    if (stored.status === 'paid' && stored.paymentId === proof.razorpay_payment_id) {
      // A repeat of a completed verification (a retry, a double click): read, no row lock to wait for.
      const existing = await this.purchases.findByOrderId(stored.orderId);
      if (existing) return { order: stored, subscription: existing };
    }
    const outcome = await this.complete.execute(stored.orderId, proof.razorpay_payment_id, source, (locked) => {
      if (locked.status === 'paid' && locked.paymentId !== proof.razorpay_payment_id) {
        throw new AppError('conflict', 'This order was already paid with another payment.', 'order_already_paid');
      }
    });
    if (outcome.subscription === null) {
      // Not honoured, and refunded in full (CompletePayment): say so, with the code the storefront shows its words for.
      const answer = VOID_ANSWERS[outcome.order.voidReason];
      throw new AppError('conflict', answer.message, answer.code);
    }
    return { order: outcome.order, subscription: outcome.subscription };
  }
}
