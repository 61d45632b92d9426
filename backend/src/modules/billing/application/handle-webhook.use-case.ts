import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import { isAuthenticWebhook } from '../domain/payment-signatures';
import { CompletePayment } from './complete-payment';
import { PaymentOrderRepository } from './payment-order.repository.port';

export type WebhookOutcome = 'completed' | 'failed' | 'duplicate' | 'ignored';

interface PaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  error_description?: unknown;
}

interface RazorpayEvent {
  event?: unknown;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: { id?: unknown } } };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
/** Razorpay ids are short ASCII tokens; anything else is not an order or payment of ours. */
const id = (value: unknown, prefix: 'order' | 'pay'): string | null => {
  const s = text(value);
  return s && new RegExp(`^${prefix}_[A-Za-z0-9]{1,60}$`).test(s) ? s : null;
};

/**
 * POST /payment/webhook: Razorpay's events, authenticated by HMAC-SHA256 of the RAW body with the
 * webhook secret. `payment.captured` and `order.paid` complete a paid order whose browser never came
 * back (through CompletePayment, so a webhook racing the browser still yields one subscription and
 * one mail); `payment.failed` marks a still unpaid order failed (a paid order never moves back).
 * Events are deduplicated by Razorpay's event id; since completing is idempotent, a duplicate that
 * slips through two deliveries at once changes nothing either.
 */
@Injectable()
export class HandleWebhookUseCase {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly config: AppConfig,
    private readonly orders: PaymentOrderRepository,
    private readonly complete: CompletePayment,
  ) {}

  async execute(rawBody: Buffer | undefined, signature: unknown, eventIdHeader: unknown): Promise<WebhookOutcome> {
    if (!rawBody || !isAuthenticWebhook(rawBody, signature, this.config.payments.webhookSecret)) {
      throw new AppError('invalid', 'The webhook signature is not valid.', 'invalid_signature');
    }
    let event: RazorpayEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as RazorpayEvent;
    } catch {
      throw new AppError('invalid', 'The webhook body is not JSON.', 'invalid_body');
    }
    const name = text(event?.event) ?? 'unknown';
    const eventId = (text(eventIdHeader)?.slice(0, 100) ?? '').replace(/[^\x21-\x7e]/g, '') || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    if (await this.orders.hasWebhookEvent(eventId)) return 'duplicate';

    const outcome = await this.apply(name, event);
    await this.orders.rememberWebhookEvent(eventId, name);
    return outcome;
  }

  private async apply(name: string, event: RazorpayEvent): Promise<WebhookOutcome> {
    const payment = event.payload?.payment?.entity ?? {};
    const paymentId = id(payment.id, 'pay');
    const orderId = id(payment.order_id, 'order') ?? id(event.payload?.order?.entity?.id, 'order');
    if (name !== 'payment.captured' && name !== 'order.paid' && name !== 'payment.failed') return 'ignored';
    if (!orderId || !paymentId) {
      this.logger.warn(`Webhook ${name} without order or payment id: ignored`);
      return 'ignored';
    }
    const order = await this.orders.findById(orderId);
    if (!order) {
      this.logger.warn(`Webhook ${name} for unknown order ${orderId}: ignored`);
      return 'ignored';
    }
    if (name === 'payment.failed') {
      if (order.status !== 'created') return 'ignored';
      await this.orders.markFailed(orderId, text(payment.error_description) ?? 'The payment failed.');
      return 'failed';
    }
    if (payment.amount !== undefined && (payment.amount !== order.amount || payment.currency !== order.currency)) {
      this.logger.error(`Webhook ${name} for order ${orderId} pays ${String(payment.amount)} ${String(payment.currency)}, the order is ${order.amount} ${order.currency}: not completed`);
      return 'ignored';
    }
    await this.complete.execute(orderId, paymentId, 'webhook');
    return 'completed';
  }
}
