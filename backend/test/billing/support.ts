import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { checkoutSignature, webhookSignature } from '../../src/modules/billing/domain/payment-signatures';
import { Clock } from '../../src/platform/time/clock';
import { createTestApp, type TestApp } from '../support/app';
import { postPlanByName } from '../plans/support';
import type { CustomerSession } from '../support/customer-session';
import { type RazorpayStandIn, startRazorpayStandIn } from '../support/razorpay-stand-in';

/** The sandbox's development secrets (app-config defaults), as a script holding them would use them. */
export const SANDBOX_KEY_SECRET = 'sandbox-key-secret';
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret';

export function paymentId(): string {
  return `pay_${randomBytes(7).toString('hex')}`;
}

/** Razorpay's checkout answer for this order and payment, signed with the key secret. */
export function signedProof(orderId: string, payment = paymentId(), secret = SANDBOX_KEY_SECRET) {
  return { razorpay_order_id: orderId, razorpay_payment_id: payment, razorpay_signature: checkoutSignature(orderId, payment, secret) };
}

/**
 * The whole app with PAYMENTS_PROVIDER=razorpay, its Razorpay API played by a fresh stand-in that
 * holds these keys (RAZORPAY_API_URL), on the spec's clock. The caller closes the app and stops the stand-in.
 */
export async function appAgainstRazorpayStandIn(
  keys: { keyId: string; keySecret: string; webhookSecret: string },
  clock: Clock,
): Promise<{ t: TestApp; standIn: RazorpayStandIn }> {
  const standIn = await startRazorpayStandIn(keys);
  try {
    const t = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: keys.keyId,
        RAZORPAY_KEY_SECRET: keys.keySecret,
        RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
        RAZORPAY_API_URL: standIn.url,
      },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    return { t, standIn };
  } catch (error) {
    await standIn.stop();
    throw error;
  }
}

export interface PlanTiers {
  planId: string;
  pricing: Array<{ pricingId: string; name: string; price: string }>;
}

export async function planOf(t: TestApp, name: string): Promise<PlanTiers> {
  const res = await postPlanByName(t, { name }).expect(200);
  return { planId: res.body.planId, pricing: res.body.pricing };
}

export function as(t: TestApp, who: CustomerSession | null) {
  const server = t.app.getHttpServer();
  const auth = (req: request.Test) => (who ? req.set('Authorization', `Bearer ${who.token}`) : req);
  return { post: (path: string, body: object) => auth(request(server).post(path).send(body)) };
}

/** A Razorpay webhook delivery: the body as bytes, signed with the webhook secret. */
export function webhookDelivery(event: object, secret = SANDBOX_WEBHOOK_SECRET, eventId = `evt_${randomBytes(7).toString('hex')}`) {
  const body = JSON.stringify(event);
  return { body, eventId, signature: webhookSignature(body, secret) };
}

export function capturedEvent(orderId: string, payment: string, amount: number, currency = 'USD') {
  return {
    entity: 'event',
    event: 'payment.captured',
    payload: { payment: { entity: { id: payment, entity: 'payment', order_id: orderId, amount, currency, status: 'captured' } } },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** Mails to `to` in the outbox whose subject starts with `subjectStart`. */
export function outboxMails(dataDir: string, to: string, subjectStart: string): Array<{ subject: string; text: string }> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to && mail.subject.startsWith(subjectStart));
}

/** Order confirmation mails to `to` in the outbox. */
export function confirmationMails(dataDir: string, to: string): Array<{ subject: string; text: string }> {
  return outboxMails(dataDir, to, 'Order confirmed');
}

export async function eventually<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Posts a webhook delivery as Razorpay does: the exact bytes, its signature and event id headers. */
export function deliverWebhook(t: TestApp, delivery: { body: string; eventId: string; signature: string }) {
  return request(t.app.getHttpServer())
    .post('/api/payment/webhook')
    .set('Content-Type', 'application/json')
    .set('X-Razorpay-Signature', delivery.signature)
    .set('X-Razorpay-Event-Id', delivery.eventId)
    .send(delivery.body);
}

/** The stored order row (status, payment_id, failure_reason, amount, currency), read from the database. */
export async function orderRow(t: TestApp, orderId: string) {
  const rows = await t.app.get(DataSource).query('SELECT status, payment_id, failure_reason, amount, currency FROM payment_orders WHERE order_id = $1', [orderId]);
  return rows[0];
}

/** The subscriptions stored for an order (there must never be more than one). */
export function subscriptionsOf(t: TestApp, orderId: string): Promise<Array<{ subscription_id: string; payment_id: string; status: number }>> {
  return t.app.get(DataSource).query('SELECT subscription_id, payment_id, status FROM subscriptions WHERE order_id = $1', [orderId]);
}
