import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, computed and checked here for both gateways (the sandbox signs its
 * results the same way, so one code path verifies every payment):
 * - checkout: HMAC-SHA256(`${order_id}|${payment_id}`, key secret), hex;
 * - webhook: HMAC-SHA256(raw request body, webhook secret), hex.
 * Comparison is constant-time; anything that is not 64 hex characters is refused before it.
 */
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** True when `signature` is the checkout signature of this order and payment. `orderId` must be the one WE stored. */
export function isAuthenticCheckout(orderId: string, paymentId: string, signature: unknown, keySecret: string): boolean {
  if (!orderId || !paymentId || !keySecret) return false;
  return sameHex(checkoutSignature(orderId, paymentId, keySecret), signature);
}

export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/** True when `signature` signs exactly these bytes (the raw body, before any JSON parsing). */
export function isAuthenticWebhook(rawBody: Buffer | string, signature: unknown, webhookSecret: string): boolean {
  if (!webhookSecret || rawBody.length === 0) return false;
  return sameHex(webhookSignature(rawBody, webhookSecret), signature);
}
