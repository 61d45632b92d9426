import { randomBytes } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../../platform/config/app-config';
import { HandleWebhookUseCase } from '../../application/handle-webhook.use-case';
import { PaymentGateway, type GatewayRefund } from '../../application/payment-gateway.port';
import { webhookSignature } from '../../domain/payment-signatures';
import { SandboxGateway } from './sandbox.gateway';

/**
 * The sandbox's refund webhooks: a refund the sandbox settles is delivered to the app as Razorpay
 * delivers `refund.processed` / `refund.failed`: the event's JSON body, signed with the webhook
 * secret, with an event id, through the same HandleWebhookUseCase as Razorpay's (docs/refunds.md).
 */
@Injectable()
export class SandboxRefundWebhooks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SandboxRefunds');

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly webhooks: HandleWebhookUseCase,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.gateway instanceof SandboxGateway) this.gateway.onRefundSettled((refund, notes) => this.deliver(refund, notes));
  }

  onApplicationShutdown(): void {
    if (this.gateway instanceof SandboxGateway) {
      this.gateway.onRefundSettled(null);
      this.gateway.stopSettling();
    }
  }

  async deliver(refund: GatewayRefund, notes: Record<string, string>): Promise<void> {
    const body = JSON.stringify({
      entity: 'event',
      event: refund.status === 'failed' ? 'refund.failed' : 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: {
          entity: { id: refund.id, entity: 'refund', amount: refund.amount, currency: refund.currency, payment_id: refund.paymentId, notes, status: refund.status },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const eventId = `evt_${randomBytes(7).toString('hex')}`;
    try {
      await this.webhooks.execute(Buffer.from(body), webhookSignature(body, this.config.payments.webhookSecret), eventId);
    } catch (error) {
      // The reconciler asks the sandbox about every refund left pending; this delivery is the fast path.
      this.logger.error(`Sandbox refund ${refund.id} could not be delivered as a webhook: ${(error as Error).message}`);
    }
  }
}
