import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { TestApp } from '../support/app';
import type { CustomerSession } from '../support/customer-session';
import { as, eventually, planOf } from '../billing/support';

/**
 * Orders for the reports specs, made the customer's way (POST /payment/order, the sandbox checkout,
 * /payment/verify) and then, where a spec needs a moment in the past, moved there by SQL as a
 * payment at that moment would have left them: the order's paid_at and its subscription's
 * created_at together (both are written in the payment's transaction).
 */
export async function buy(t: TestApp, customer: CustomerSession, platform: string, tier: number, paidAt?: string): Promise<{ orderId: string; subscriptionId: string }> {
  const plan = await planOf(t, platform);
  const made = await as(t, customer)
    .post('/api/payment/order', { userId: customer.userId, planId: plan.planId, pricingId: plan.pricing[tier].pricingId, profileLink: `@${platform}.fan` })
    .expect(200);
  const orderId = made.body.order.id as string;
  const proof = await as(t, customer).post('/api/payment/sandbox/checkout', { orderId, outcome: 'success' }).expect(200);
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = proof.body;
  const paid = await as(t, customer).post('/api/payment/verify', { razorpay_order_id, razorpay_payment_id, razorpay_signature }).expect(200);
  const subscriptionId = paid.body.subscription.subscriptionId as string;
  if (paidAt) await paidAtTime(t, orderId, paidAt);
  return { orderId, subscriptionId };
}

export async function paidAtTime(t: TestApp, orderId: string, paidAt: string): Promise<void> {
  const db = t.app.get(DataSource);
  await db.query(
    `UPDATE payment_orders SET created_at = $2::timestamptz - interval '1 minute', expires_at = $2::timestamptz + interval '29 minutes', paid_at = $2 WHERE order_id = $1`,
    [orderId, paidAt],
  );
  await db.query('UPDATE subscriptions SET created_at = $2 WHERE order_id = $1', [orderId, paidAt]);
}

/** A staff refund through the API (amount as decimal text, or everything left), waited for until the sandbox settled it. */
export async function staffRefund(t: TestApp, admin: string, subscriptionId: string, amount?: string, settledAt?: string): Promise<string> {
  const res = await request(t.app.getHttpServer())
    .post('/api/admin/refunds')
    .set('Authorization', `Bearer ${admin}`)
    .send({ subscriptionId, reason: 'Reports spec refund', ...(amount ? { amount } : {}) })
    .expect(200);
  const refundId = res.body.refund.refundId as string;
  const db = t.app.get(DataSource);
  const state = await eventually(
    async () => (await db.query('SELECT state FROM refunds WHERE refund_id = $1', [refundId]))[0].state as string,
    (s) => s !== 'pending',
  );
  if (state !== 'processed') throw new Error(`refund ${refundId} ended ${state}`);
  if (settledAt) await db.query('UPDATE refunds SET settled_at = $2 WHERE refund_id = $1', [refundId, settledAt]);
  return refundId;
}

/**
 * The columns docs/reports.md#exports lists for an export file, in order: the contract a spec holds
 * the file's header to, so the list is written in the product's words once and the code is checked
 * against it.
 */
export function documentedColumns(file: 'orders.csv' | 'customers.csv'): string[] {
  const doc = readFileSync(join(__dirname, '../../../docs/reports.md'), 'utf8');
  const at = doc.indexOf(`\n\`GET /api/admin/export/${file}\` —`);
  const list = at < 0 ? undefined : /Columns:\s*`([^`]+)`/.exec(doc.slice(at))?.[1];
  if (!list) throw new Error(`docs/reports.md lists no columns for ${file}`);
  return list.split(',').map((column) => column.trim());
}
