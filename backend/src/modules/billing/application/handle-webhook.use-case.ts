import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import { isAuthenticWebhook } from '../domain/payment-signatures';
import { CompletePayment } from './complete-payment';
import { PaymentOrderRepository } from './payment-order.repository.port';
import { RefundRepository } from './refund.repository.port';
import { SettleRefund } from './settle-refund';
import { isUuid } from '../../../kernel/uuid';

/** `refunded`: a captured payment of an order that was not honoured (expired or withdrawn), refunded in full. */
export type WebhookOutcome = 'completed' | 'refunded' | 'failed' | 'duplicate' | 'ignored' | 'refund_processed' | 'refund_failed';

interface PaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  error_description?: unknown;
  created_at?: unknown;
}

interface RefundEntity {
  id?: unknown;
  payment_id?: unknown;
  status?: unknown;
  notes?: { refund_id?: unknown } | unknown[];
}

interface RazorpayEvent {
  event?: unknown;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: { id?: unknown } }; refund?: { entity?: RefundEntity } };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
/** Razorpay ids are short ASCII tokens; anything else is not an order or payment of ours. */
const id = (value: unknown, prefix: 'order' | 'pay' | 'rfnd'): string | null => {
  const s = text(value);
  return s && new RegExp(`^${prefix}_[A-Za-z0-9]{1,60}$`).test(s) ? s : null;
};

/**
 * POST /payment/webhook: Razorpay's events, authenticated by HMAC-SHA256 of the RAW body with the
 * webhook secret. `payment.captured` and `order.paid` complete a paid order whose browser never came
 * back (through CompletePayment, so a webhook racing the browser still yields one subscription and
 * one mail); `payment.failed` marks a still unpaid order failed (a paid order never moves back).
 * `refund.processed` and `refund.failed` settle one of our refunds (docs/refunds.md), found by the
 * gateway's refund id, else by our id in its notes (an event may come before the answer to our call).
 * Events are deduplicated by Razorpay's event id; since completing and settling are idempotent, a
 * duplicate that slips through two deliveries at once changes nothing either.
 */
@Injectable()
export class HandleWebhookUseCase {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly config: AppConfig,
    private readonly orders: PaymentOrderRepository,
    private readonly complete: CompletePayment,
    private readonly refunds: RefundRepository,
    private readonly settleRefund: SettleRefund,
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
    if (name === 'refund.processed' || name === 'refund.failed') return this.applyRefund(name, event.payload?.refund?.entity ?? {});
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
      this.logger.error(
        `Webhook ${name} for order ${orderId} pays ${String(payment.amount)} ${String(payment.currency)}, the order is ${order.amount} ${order.currency}: not completed`,
      );
      return 'ignored';
    }
    // When the payment was made (Razorpay's created_at, signed with the event) decides whether the order's price still stood.
    const madeAt =
      typeof payment.created_at === 'number' && Number.isSafeInteger(payment.created_at) && payment.created_at > 0 ? new Date(payment.created_at * 1000) : undefined;
    const outcome = await this.complete.execute(orderId, paymentId, 'webhook', undefined, madeAt);
    return outcome.subscription ? 'completed' : 'refunded';
  }

  private async applyRefund(name: 'refund.processed' | 'refund.failed', entity: RefundEntity): Promise<WebhookOutcome> {
    const gatewayId = id(entity.id, 'rfnd');
    const notes = entity.notes && !Array.isArray(entity.notes) && typeof entity.notes === 'object' ? entity.notes : {};
    const ours = text((notes as { refund_id?: unknown }).refund_id);
    const refund = (gatewayId ? await this.refunds.findByGatewayId(gatewayId) : null) ?? (ours && isUuid(ours) ? await this.refunds.findById(ours) : null);
    if (!refund || (gatewayId && refund.gatewayRefundId && refund.gatewayRefundId !== gatewayId)) {
      this.logger.warn(`Webhook ${name} for a refund that is not ours (${gatewayId ?? 'no id'}): ignored`);
      return 'ignored';
    }
    if (gatewayId && !refund.gatewayRefundId) await this.refunds.noteGatewayAnswer(refund.refundId, gatewayId, new Date());
    const processed = name === 'refund.processed';
    const settled = await this.settleRefund.execute(
      refund,
      processed ? 'processed' : 'failed',
      processed ? undefined : 'The payment gateway reported the refund as failed.',
    );
    return settled ? (processed ? 'refund_processed' : 'refund_failed') : 'ignored';
  }
}
