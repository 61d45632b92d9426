import { createHash, createHmac } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { InMemoryPaymentOrders, ManualClock, anOrder, completePaymentWithFakes } from '../../../../test/billing/in-memory';
import type { InMemorySubscriptions } from '../../../../test/subscriptions/in-memory';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import type { PaymentOrder } from '../domain/payment-order';
import type { CompletePayment } from './complete-payment';
import type { RefundRepository } from './refund.repository.port';
import type { SettleRefund } from './settle-refund';
import { HandleWebhookUseCase } from './handle-webhook.use-case';

const WEBHOOK_SECRET = 'webhook-secret-for-the-spec';
const config = new AppConfig({
  payments: { provider: 'razorpay', keyId: 'rzp_test_spec', keySecret: 'key-secret-for-the-spec', webhookSecret: WEBHOOK_SECRET, apiUrl: null },
} as AppConfig);

/** A delivery as Razorpay sends it: the body's bytes and their HMAC with the webhook secret. */
function delivery(event: unknown, secret = WEBHOOK_SECRET): { body: Buffer; signature: string } {
  const body = Buffer.from(typeof event === 'string' ? event : JSON.stringify(event), 'utf8');
  return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
}

function captured(order: PaymentOrder, paymentId = 'pay_Captured000001', extra: object = {}) {
  return {
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: paymentId, entity: 'payment', order_id: order.orderId, amount: order.amount, currency: order.currency, status: 'captured', ...extra } },
    },
  };
}

function failed(order: PaymentOrder, description = 'Card declined') {
  return { event: 'payment.failed', payload: { payment: { entity: { id: 'pay_Failed00000001', order_id: order.orderId, error_description: description } } } };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('HandleWebhookUseCase', () => {
  let orders: InMemoryPaymentOrders;
  let subscriptions: InMemorySubscriptions;
  let complete: CompletePayment;
  let mailer: ReturnType<typeof completePaymentWithFakes>['mailer'];
  let webhook: HandleWebhookUseCase;
  let order: PaymentOrder;

  beforeEach(async () => {
    for (const level of ['log', 'warn', 'error'] as const) jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
    orders = new InMemoryPaymentOrders();
    const fakes = completePaymentWithFakes(orders, new ManualClock());
    ({ subscriptions, complete, mailer } = fakes);
    // Payment events only: the refund side of the handler is specified in test/billing/refunds.e2e-spec.ts.
    const refundsNotInThisSpec = new Proxy({}, { get: () => () => Promise.reject(new Error('refunds are not part of this spec')) });
    webhook = new HandleWebhookUseCase(config, orders, complete, refundsNotInThisSpec as RefundRepository, refundsNotInThisSpec as SettleRefund);
    order = anOrder();
    await orders.insert(order);
  });

  afterEach(() => jest.restoreAllMocks());

  it('completes the order of a signed payment.captured: one subscription, paid order, one mail', async () => {
    const { body, signature } = delivery(captured(order));

    await expect(webhook.execute(body, signature, 'evt_1')).resolves.toBe('completed');

    expect(orders.get(order.orderId)).toMatchObject({ status: 'paid', paymentId: 'pay_Captured000001' });
    expect(subscriptions.rows).toEqual([expect.objectContaining({ orderId: order.orderId, paymentId: 'pay_Captured000001' })]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sentInsideUnitOfWork).toEqual([true]); // committed with the subscription
    expect(orders.webhookEvents.get('evt_1')).toBe('payment.captured');
  });

  it('completes the order on order.paid too', async () => {
    const event = {
      event: 'order.paid',
      payload: { payment: { entity: { id: 'pay_OrderPaid00001', amount: order.amount, currency: 'USD' } }, order: { entity: { id: order.orderId } } },
    };
    const { body, signature } = delivery(event);

    await expect(webhook.execute(body, signature, 'evt_paid')).resolves.toBe('completed');
    expect(orders.get(order.orderId)?.status).toBe('paid');
  });

  it.each([
    ['a wrong signature', (d: { body: Buffer; signature: string }) => ({ ...d, signature: 'f'.repeat(64) })],
    [
      'a signature with the key secret',
      (d: { body: Buffer; signature: string }) => ({ ...d, signature: delivery(JSON.parse(d.body.toString()), 'key-secret-for-the-spec').signature }),
    ],
    ['no signature', (d: { body: Buffer; signature: string }) => ({ ...d, signature: undefined as unknown as string })],
    [
      'the body re-serialised with other spacing',
      (d: { body: Buffer; signature: string }) => ({ ...d, body: Buffer.from(JSON.stringify(JSON.parse(d.body.toString()), null, 1)) }),
    ],
    ['no body', (d: { body: Buffer; signature: string }) => ({ ...d, body: undefined as unknown as Buffer })],
  ])('refuses %s with AppError invalid and changes nothing', async (_what, tamper) => {
    const { body, signature } = tamper(delivery(captured(order)));

    const error = await rejection(webhook.execute(body, signature, 'evt_bad'));

    expect(error).toMatchObject({ kind: 'invalid', code: 'invalid_signature', message: 'The webhook signature is not valid.' });
    expect(orders.get(order.orderId)?.status).toBe('created');
    expect(subscriptions.rows).toHaveLength(0);
    // A refused delivery is not remembered: Razorpay's genuine retry of that id is still handled.
    expect(orders.webhookEvents.has('evt_bad')).toBe(false);
  });

  it('refuses a correctly signed body that is not JSON', async () => {
    const { body, signature } = delivery('not json {');
    const error = await rejection(webhook.execute(body, signature, 'evt_text'));
    expect(error).toMatchObject({ kind: 'invalid', code: 'invalid_body' });
  });

  it('ignores an event it does not handle, and remembers it', async () => {
    const { body, signature } = delivery({ event: 'refund.created', payload: { refund: { entity: { id: 'rfnd_1' } } } });

    await expect(webhook.execute(body, signature, 'evt_refund')).resolves.toBe('ignored');

    expect(orders.get(order.orderId)?.status).toBe('created');
    expect(orders.webhookEvents.get('evt_refund')).toBe('refund.created');
  });

  it('ignores a payment event for an order it does not know', async () => {
    const { body, signature } = delivery(captured(anOrder({ orderId: 'order_NotOurs0000001' })));
    await expect(webhook.execute(body, signature, 'evt_foreign')).resolves.toBe('ignored');
    expect(subscriptions.rows).toHaveLength(0);
  });

  it('answers a second delivery of an event id with "duplicate" and does not apply it again', async () => {
    const run = jest.spyOn(complete, 'execute');
    const first = delivery(captured(order));
    await expect(webhook.execute(first.body, first.signature, 'evt_twice')).resolves.toBe('completed');

    // Same id, even another (signed) body: Razorpay's retry of one event.
    const retry = delivery(captured(order, 'pay_Another0000001'));
    await expect(webhook.execute(retry.body, retry.signature, 'evt_twice')).resolves.toBe('duplicate');

    expect(run).toHaveBeenCalledTimes(1);
    expect(orders.get(order.orderId)?.paymentId).toBe('pay_Captured000001');
    expect(mailer.sent).toHaveLength(1);
  });

  it('deduplicates by a hash of the body when the event id header is missing or empty', async () => {
    const run = jest.spyOn(complete, 'execute');
    const { body, signature } = delivery(captured(order));
    const bodyHash = `sha256:${createHash('sha256').update(body).digest('hex')}`;

    await expect(webhook.execute(body, signature, undefined)).resolves.toBe('completed');
    expect([...orders.webhookEvents.keys()]).toEqual([bodyHash]);

    await expect(webhook.execute(body, signature, undefined)).resolves.toBe('duplicate');
    await expect(webhook.execute(body, signature, '')).resolves.toBe('duplicate');
    expect(run).toHaveBeenCalledTimes(1);

    // Another body without an id is another event.
    const other = delivery({ ...captured(order), created_at: 1767225600 });
    await expect(webhook.execute(other.body, other.signature, undefined)).resolves.toBe('completed');
    expect(orders.webhookEvents.size).toBe(2);
  });

  it.each([
    ['less', { amount: 4998 }],
    ['another currency', { currency: 'INR' }],
  ])('does not complete an order when the captured payment is for %s', async (_what, extra) => {
    const { body, signature } = delivery(captured(order, 'pay_Captured000001', extra));
    await expect(webhook.execute(body, signature, 'evt_amount')).resolves.toBe('ignored');
    expect(orders.get(order.orderId)?.status).toBe('created');
    expect(subscriptions.rows).toHaveLength(0);
  });

  it('marks an unpaid order failed on payment.failed, with the reason', async () => {
    const { body, signature } = delivery(failed(order, 'Card declined by the bank'));
    await expect(webhook.execute(body, signature, 'evt_failed')).resolves.toBe('failed');
    expect(orders.get(order.orderId)).toMatchObject({ status: 'failed', failureReason: 'Card declined by the bank' });
  });

  it('never moves a paid order back on a late payment.failed', async () => {
    const paid = delivery(captured(order));
    await webhook.execute(paid.body, paid.signature, 'evt_paid_first');
    const late = delivery(failed(order));

    await expect(webhook.execute(late.body, late.signature, 'evt_failed_late')).resolves.toBe('ignored');
    expect(orders.get(order.orderId)).toMatchObject({ status: 'paid', failureReason: null });
  });

  it('completes a failed order when a later attempt is captured (failed → paid)', async () => {
    const declined = delivery(failed(order));
    await expect(webhook.execute(declined.body, declined.signature, 'evt_declined')).resolves.toBe('failed');
    const paid = delivery(captured(order));

    await expect(webhook.execute(paid.body, paid.signature, 'evt_retry_paid')).resolves.toBe('completed');
    expect(orders.get(order.orderId)).toMatchObject({ status: 'paid', failureReason: null });
    expect(subscriptions.rows).toHaveLength(1);
  });

  it('ignores a payment event without a payment id', async () => {
    const { body, signature } = delivery({
      event: 'payment.captured',
      payload: { payment: { entity: { order_id: order.orderId, amount: order.amount, currency: 'USD' } } },
    });
    await expect(webhook.execute(body, signature, 'evt_no_payment')).resolves.toBe('ignored');
    expect(orders.get(order.orderId)?.status).toBe('created');
  });
});
