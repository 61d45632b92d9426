import { InlineUnitOfWork, ManualClock as SharedManualClock, RecordingMailer } from '../support/fakes';
import { randomBytes } from 'node:crypto';
import { CompletePayment } from '../../src/modules/billing/application/complete-payment';
import type { IssueRefund, RefundCommand } from '../../src/modules/billing/application/issue-refund';
import { OrderAcceptance } from '../../src/modules/billing/application/order-acceptance';
import type { Refund } from '../../src/modules/billing/domain/refund';
import type { FindTierForSaleUseCase } from '../../src/modules/plans/application/find-tier-for-sale.use-case';
import {
  PaymentGateway,
  type GatewayOrder,
  type GatewayPayment,
  type NewGatewayOrder,
  type NewGatewayRefund,
  type GatewayRefund,
  RefundCallError,
} from '../../src/modules/billing/application/payment-gateway.port';
import { PaymentOrderRepository } from '../../src/modules/billing/application/payment-order.repository.port';
import { ORDER_LIFETIME_MS, mayMove, type AdminOrderKind, type PaymentOrder, type VoidReason } from '../../src/modules/billing/domain/payment-order';
import { RecordPurchaseUseCase } from '../../src/modules/subscriptions/application/record-purchase.use-case';
import type { AppConfig } from '../../src/platform/config/app-config';
import { AppError } from '../../src/platform/errors/app-error';
import { Clock } from '../../src/platform/time/clock';
import { RecordingIntake } from '../fulfilment/in-memory';
import { InMemorySubscriptions } from '../subscriptions/in-memory';

/**
 * In-memory doubles of billing's ports and of what CompletePayment needs, for the use-case unit
 * specs. They keep the real adapters' rules where a use case relies on them: markFailed only moves a
 * `created` order, dueForCheck is inclusive and least recently checked first, reads hand out copies (as rows
 * mapped from the database are).
 */
export class InMemoryPaymentOrders extends PaymentOrderRepository {
  private readonly rows = new Map<string, PaymentOrder>();
  /** Webhook event ids remembered, with their event names, in the order they were noted. */
  readonly webhookEvents = new Map<string, string>();

  /** The stored order as it is now (a copy), or undefined. */
  get(orderId: string): PaymentOrder | undefined {
    const row = this.rows.get(orderId);
    return row ? copy(row) : undefined;
  }

  async insert(order: PaymentOrder): Promise<void> {
    if (this.rows.has(order.orderId)) throw new Error(`duplicate order ${order.orderId}`);
    this.rows.set(order.orderId, copy(order));
  }

  async findById(orderId: string): Promise<PaymentOrder | null> {
    return this.get(orderId) ?? null;
  }

  async lockById(orderId: string): Promise<PaymentOrder | null> {
    return this.get(orderId) ?? null;
  }

  async markPaid(orderId: string, paymentId: string, at: Date, subscriptionId?: string): Promise<void> {
    this.update(orderId, { status: 'paid', paymentId, paidAt: at, failureReason: null, ...(subscriptionId ? { subscriptionId } : {}) });
  }

  async markVoid(orderId: string, paymentId: string, at: Date, reason: VoidReason): Promise<void> {
    const row = this.rows.get(orderId);
    if (row && mayMove(row.status, 'paid')) this.update(orderId, { status: 'paid', paymentId, paidAt: at, failureReason: null, voidReason: reason });
  }

  async linkSubscription(orderId: string, subscriptionId: string): Promise<void> {
    this.update(orderId, { subscriptionId });
  }

  /** The admin's lists with the real one's rules: newest first, order id breaking ties, exact totals. */
  async pageForAdmin(kind: AdminOrderKind, staleBefore: Date, page: number, limit: number) {
    const matches = [...this.rows.values()]
      .filter((o) =>
        kind === 'paid-without-subscription'
          ? o.status === 'paid' && o.subscriptionId === null && o.voidReason === null
          : o.status !== 'paid' && o.createdAt < staleBefore,
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.orderId < b.orderId ? 1 : a.orderId > b.orderId ? -1 : 0));
    const start = (page - 1) * limit;
    return { items: matches.slice(start, start + limit).map(copy), total: matches.length, totalIsExact: true, hasNext: matches.length > start + limit };
  }

  async markFailed(orderId: string, reason: string): Promise<void> {
    const row = this.rows.get(orderId);
    if (row && mayMove(row.status, 'failed')) this.update(orderId, { status: 'failed', failureReason: reason.slice(0, 500) });
  }

  async dueForCheck(window: { from: Date; to: Date; failedFrom: Date }, limit: number): Promise<PaymentOrder[]> {
    const time = (d: Date | null) => (d === null ? -Infinity : d.getTime());
    return [...this.rows.values()]
      .filter((o) => o.status !== 'paid' && o.createdAt >= window.from && o.createdAt <= window.to)
      .filter((o) => o.status === 'created' || o.createdAt >= window.failedFrom)
      .sort((a, b) => time(a.checkedAt) - time(b.checkedAt) || a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map(copy);
  }

  async markChecked(orderId: string, at: Date): Promise<void> {
    this.update(orderId, { checkedAt: at });
  }

  async hasWebhookEvent(eventId: string): Promise<boolean> {
    return this.webhookEvents.has(eventId);
  }

  async rememberWebhookEvent(eventId: string, event: string): Promise<void> {
    if (!this.webhookEvents.has(eventId)) this.webhookEvents.set(eventId, event);
  }

  private update(orderId: string, changes: Partial<PaymentOrder>): void {
    const row = this.rows.get(orderId);
    if (row) Object.assign(row, changes);
  }
}

function copy(order: PaymentOrder): PaymentOrder {
  return { ...order, tier: { ...order.tier, features: [...order.tier.features] } };
}

/**
 * A payment provider whose payments the spec scripts per order. An order listed in `unreachable`
 * answers like a provider that is down (AppError bad_gateway, as the port promises).
 */
export class FakeGateway extends PaymentGateway {
  readonly provider = 'razorpay' as const;
  readonly keyId = 'rzp_test_fake';
  readonly payments = new Map<string, GatewayPayment[]>();
  readonly unreachable = new Set<string>();
  /** Order ids paymentsOf was asked about, in order. */
  readonly asked: string[] = [];
  readonly created: NewGatewayOrder[] = [];

  async createOrder(input: NewGatewayOrder): Promise<GatewayOrder> {
    this.created.push(input);
    return { id: `order_${randomBytes(7).toString('hex')}`, amount: input.amount, currency: input.currency };
  }

  async paymentsOf(orderId: string): Promise<GatewayPayment[]> {
    this.asked.push(orderId);
    if (this.unreachable.has(orderId)) {
      throw new AppError('bad_gateway', 'The payment provider could not be reached. Please try again in a minute.', 'gateway_unavailable');
    }
    return (this.payments.get(orderId) ?? []).map((p) => ({ ...p }));
  }

  /** Refunds asked for, in order; answered pending with a made-up id unless `refundFails` is set. */
  readonly refunds: NewGatewayRefund[] = [];
  refundFails: RefundCallError | null = null;

  async refund(input: NewGatewayRefund): Promise<GatewayRefund> {
    this.refunds.push(input);
    if (this.refundFails) throw this.refundFails;
    return { id: `rfnd_${input.idempotencyKey.slice(-14)}`, paymentId: input.paymentId, amount: input.amount, currency: 'USD', status: 'pending' };
  }

  async refundState(gatewayRefundId: string): Promise<GatewayRefund> {
    const asked = this.refunds.find((r) => `rfnd_${r.idempotencyKey.slice(-14)}` === gatewayRefundId);
    if (!asked) throw new RefundCallError('rejected', `No refund ${gatewayRefundId}`);
    return { id: gatewayRefundId, paymentId: asked.paymentId, amount: asked.amount, currency: 'USD', status: 'processed' };
  }

  /** Adds a payment attempt on `order` (its amount and currency unless given). */
  pay(order: PaymentOrder, status: GatewayPayment['status'], extra: Partial<GatewayPayment> = {}): GatewayPayment {
    const payment: GatewayPayment = {
      id: `pay_${randomBytes(7).toString('hex')}`,
      orderId: order.orderId,
      status,
      amount: order.amount,
      currency: order.currency,
      errorDescription: status === 'failed' ? 'Your payment was declined by the bank.' : null,
      createdAt: null,
      ...extra,
    };
    this.payments.set(order.orderId, [...(this.payments.get(order.orderId) ?? []), payment]);
    return payment;
  }
}

/** CompletePayment wired to in-memory doubles, and the doubles to look at. */
/** Billing's specs start their clock on an order's default creation day (see anOrder). */
export class ManualClock extends SharedManualClock {
  constructor(time = new Date(Date.UTC(2025, 5, 1, 12, 0))) {
    super(time);
  }
}

/**
 * Plans' offer as billing reads it again when a payment comes in (FindTierForSaleUseCase): every tier
 * is on sale at 49.99 USD (anOrder's) unless the spec changes its price or withdraws it.
 */
export class FakeTiersForSale {
  private readonly prices = new Map<string, { price: string; currency: string }>();
  private readonly withdrawn = new Set<string>();

  setPrice(pricingId: string, price: string, currency = 'USD'): void {
    this.prices.set(pricingId, { price, currency });
  }

  withdraw(pricingId: string): void {
    this.withdrawn.add(pricingId);
  }

  async execute(planId: string, pricingId: string) {
    if (this.withdrawn.has(pricingId)) throw new AppError('conflict', 'YouTube packages are not on sale right now.', 'plan_not_on_sale');
    const { price, currency } = this.prices.get(pricingId) ?? { price: '49.99', currency: 'USD' };
    return {
      plan: { planId, name: 'YouTube', slug: 'youtube', platform: 'YouTube', status: 'Active' as const, currency },
      tier: { pricingId, name: 'Growth', price, description: '', features: [], isPopular: false, position: 0 },
    };
  }
}

/** IssueRefund's two steps, recorded: what was recorded (inside the transaction?) and what was sent. */
export class RecordingRefunds {
  readonly recorded: Array<RefundCommand & { insideTransaction: boolean }> = [];
  readonly sent: Refund[] = [];

  constructor(private readonly uow: InlineUnitOfWork) {}

  async record(command: RefundCommand): Promise<Refund> {
    this.recorded.push({ ...command, insideTransaction: this.uow.inside });
    return {
      refundId: `refund-${this.recorded.length}`,
      orderId: command.orderId,
      subscriptionId: null,
      paymentId: 'pay_x',
      amount: command.amount ?? 0,
      currency: 'USD',
      reason: command.reason,
      note: command.note,
      actor: command.actor,
      state: 'pending',
      gatewayRefundId: null,
      idempotencyKey: command.idempotencyKey ?? 'key',
      failureReason: null,
      attempts: 0,
      createdAt: new Date(),
      settledAt: null,
      checkedAt: null,
    };
  }

  async send(refund: Refund): Promise<Refund> {
    this.sent.push(refund);
    return refund;
  }
}

export function completePaymentWithFakes(orders: InMemoryPaymentOrders, clock: Clock) {
  const subscriptions = new InMemorySubscriptions();
  const uow = new InlineUnitOfWork();
  const mailer = new RecordingMailer(uow);
  const intake = new RecordingIntake(uow);
  const tiers = new FakeTiersForSale();
  const refunds = new RecordingRefunds(uow);
  const acceptance = new OrderAcceptance(tiers as unknown as FindTierForSaleUseCase);
  const complete = new CompletePayment(
    uow,
    orders,
    new RecordPurchaseUseCase(subscriptions),
    mailer,
    intake,
    clock,
    acceptance,
    refunds as unknown as IssueRefund,
    {
      publicUrl: 'http://localhost:3000',
    } as AppConfig,
  );
  return { complete, subscriptions, mailer, intake, uow, tiers, refunds };
}

let sequence = 0;

/** A stored-order shape with sensible defaults (a YouTube Growth tier at 49.99 USD, unpaid). */
export function anOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  sequence += 1;
  return {
    orderId: `order_Spec${String(sequence).padStart(10, '0')}`,
    userId: '11111111-1111-4111-8111-111111111111',
    email: 'ann@example.com',
    customerName: 'Ann',
    planId: '22222222-2222-4222-8222-222222222222',
    planName: 'YouTube',
    planSlug: 'youtube',
    tier: {
      pricingId: '33333333-3333-4333-8333-333333333333',
      name: 'Growth',
      price: '49.99',
      description: 'More views',
      features: ['1,000 real subscribers'],
      isPopular: true,
      currency: 'USD',
    },
    amount: 4999,
    refundedAmount: 0,
    currency: 'USD',
    profileLink: 'https://www.youtube.com/@ann',
    status: 'created',
    paymentId: null,
    failureReason: null,
    checkedAt: null,
    createdAt: new Date(Date.UTC(2025, 5, 1, 12, 0)),
    paidAt: null,
    subscriptionId: null,
    expiresAt: new Date((overrides.createdAt ?? new Date(Date.UTC(2025, 5, 1, 12, 0))).getTime() + ORDER_LIFETIME_MS),
    voidReason: null,
    sandbox: false,
    ...overrides,
  };
}

export { InlineUnitOfWork, RecordingMailer };
