import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { notYourOrder, orderNotFound } from '../domain/billing.errors';
import { isExpiredAt } from '../domain/payment-order';
import { checkoutSignature } from '../domain/payment-signatures';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { SandboxPayments } from './sandbox-payments.port';

/** Razorpay checkout's answers: the handler response on success, the `payment.failed` response otherwise. */
export type SandboxCheckoutResult =
  | { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
  | { failed: true; error: { code: string; description: string; reason: string; metadata: { order_id: string; payment_id: string } } };

/**
 * POST /payment/sandbox/checkout: the sandbox dialog's card choice. A success is signed exactly as
 * Razorpay signs it (HMAC with RAZORPAY_KEY_SECRET) and is then verified by POST /payment/verify
 * like any real payment; a failure marks the order failed and answers as Razorpay's checkout does.
 * An order past its lifetime is refused (409 `checkout_expired`), as Razorpay's checkout closes then.
 */
@Injectable()
export class SandboxCheckoutUseCase {
  constructor(
    private readonly config: AppConfig,
    private readonly orders: PaymentOrderRepository,
    private readonly sandbox: SandboxPayments,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, orderId: string, outcome: 'success' | 'failure'): Promise<SandboxCheckoutResult> {
    const order = await this.orders.findById(orderId);
    if (!order) throw orderNotFound();
    if (order.userId !== caller.id) throw notYourOrder();
    if (order.status === 'paid') throw new AppError('conflict', 'This order is already paid.', 'order_already_paid');
    // Razorpay's checkout closes when the order's lifetime ends (its `timeout`); the sandbox card does too.
    if (isExpiredAt(order, this.clock.now())) {
      throw new AppError('conflict', 'This order has expired; nothing was charged. Please start again with Buy Now.', 'checkout_expired');
    }

    const payment = await this.sandbox.pay(order, outcome);
    if (payment.status === 'captured') {
      return {
        razorpay_order_id: order.orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: checkoutSignature(order.orderId, payment.id, this.config.payments.keySecret),
      };
    }
    const description = payment.errorDescription ?? 'Your payment was declined by the sandbox card.';
    if (order.status === 'created') await this.orders.markFailed(order.orderId, description);
    return {
      failed: true,
      error: { code: 'BAD_REQUEST_ERROR', description, reason: 'payment_failed', metadata: { order_id: order.orderId, payment_id: payment.id } },
    };
  }
}
