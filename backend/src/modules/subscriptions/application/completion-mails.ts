import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { SHOP_NAME } from '../../../platform/config/brand';
import type { Mail } from '../../../platform/mail/mail.port';
import { Mailer } from '../../../platform/mail/mailer';
import { Clock } from '../../../platform/time/clock';
import { DAY_MS, dayText } from '../../../kernel/day-text';
import { type CompletedOrder, OrderCompletions } from './order-completions.port';
import { orderNumberOf } from '@growth/contracts';

/** The mail a customer gets once, when their order is completed (the provider said so, or staff did). */
export function orderCompletedMail(order: CompletedOrder, publicUrl: string): Mail {
  const greeting = order.customerName.trim() ? `Hello ${order.customerName.trim()},` : 'Hello,';
  const until = order.refillDays > 0 && order.completedAt ? new Date(order.completedAt.getTime() + order.refillDays * DAY_MS) : null;
  const lines = [
    greeting,
    '',
    'Good news: your order is complete.',
    '',
    `Package: ${order.planName} – ${order.tierName}`,
    `Link: ${order.profileLink}`,
    `Order number: ${orderNumberOf(order.subscriptionId)}`,
    '',
    ...(until
      ? [
          `Your package comes with a ${order.refillDays}-day refill guarantee. If the numbers drop before ${dayText(until)}, open the order and choose "Request refill".`,
          '',
        ]
      : []),
    `View your order: ${publicUrl}/services/completed`,
    '',
    'Thank you for shopping with us.',
    SHOP_NAME,
  ];
  return {
    to: order.customerEmail,
    subject: `Your order is complete: ${order.planName} ${order.tierName} (${orderNumberOf(order.subscriptionId)})`,
    text: lines.join('\n'),
  };
}

/**
 * The "order completed" mail, exactly once per order: the claim (a conditional UPDATE of
 * completion_mailed_at) and the mail's outbox row are written in one transaction, so a retry, a
 * second instance or a second toggle finds the order claimed and writes nothing. Used by staff's
 * Status toggle (in its transaction) and by each fulfilment sync pass (orders the provider finished).
 */
@Injectable()
export class CompletionMails {
  private readonly logger = new Logger('CompletionMails');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly completions: OrderCompletions,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Mails those of `subscriptionIds` that are Completed and were not mailed; joins the caller's transaction. Returns how many. */
  send(subscriptionIds: string[]): Promise<number> {
    return this.uow.run(async () => this.write(await this.completions.claim(subscriptionIds, this.clock.now())));
  }

  /** Mails up to `limit` Completed orders not mailed yet, in its own transaction. Returns how many. */
  sendDue(limit = 500): Promise<number> {
    return this.uow.run(async () => this.write(await this.completions.claimDue(limit, this.clock.now())));
  }

  private async write(orders: CompletedOrder[]): Promise<number> {
    for (const order of orders) {
      if (!order.customerEmail) {
        this.logger.warn(`Order ${order.orderId} is complete, but its customer has no e-mail address on file: no mail`);
        continue;
      }
      await this.mailer.send(orderCompletedMail(order, this.config.publicUrl));
    }
    return orders.length;
  }
}
