import { createHmac } from 'node:crypto';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { checkoutSignature, isAuthenticCheckout, isAuthenticWebhook, webhookSignature } from './payment-signatures';

const KEY_SECRET = 'key-secret-for-the-spec';
const WEBHOOK_SECRET = 'webhook-secret-for-the-spec';
const ORDER = 'order_Np0fJ3Fq2yXz9A';
const PAYMENT = 'pay_Np0fK9xQ7aBc1D';

/** The checkout signature as Razorpay documents it, computed here without the code under test. */
const independentHmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe('checkout signature', () => {
  const right = independentHmac(KEY_SECRET, `${ORDER}|${PAYMENT}`);

  it('is HMAC-SHA256 of "order_id|payment_id" with the key secret, in lower-case hex', () => {
    expect(checkoutSignature(ORDER, PAYMENT, KEY_SECRET)).toBe(right);
    expect(right).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is what Razorpay's SDK accepts (we sign and check as Razorpay does)", () => {
    const ours = checkoutSignature(ORDER, PAYMENT, KEY_SECRET);
    expect(validatePaymentVerification({ order_id: ORDER, payment_id: PAYMENT }, ours, KEY_SECRET)).toBe(true);
    expect(validatePaymentVerification({ order_id: ORDER, payment_id: PAYMENT }, ours, 'another-secret')).toBe(false);
  });

  it('accepts the right signature', () => {
    expect(isAuthenticCheckout(ORDER, PAYMENT, right, KEY_SECRET)).toBe(true);
  });

  it('accepts the right signature in upper-case hex', () => {
    expect(isAuthenticCheckout(ORDER, PAYMENT, right.toUpperCase(), KEY_SECRET)).toBe(true);
  });

  it('refuses a wrong signature (one hex digit changed)', () => {
    const wrong = (right[0] === 'a' ? 'b' : 'a') + right.slice(1);
    expect(isAuthenticCheckout(ORDER, PAYMENT, wrong, KEY_SECRET)).toBe(false);
  });

  it('refuses the signature of the same ids in swapped order', () => {
    const swapped = independentHmac(KEY_SECRET, `${PAYMENT}|${ORDER}`);
    expect(isAuthenticCheckout(ORDER, PAYMENT, swapped, KEY_SECRET)).toBe(false);
    // and the right signature presented with the ids swapped
    expect(isAuthenticCheckout(PAYMENT, ORDER, right, KEY_SECRET)).toBe(false);
  });

  it('refuses a signature of another order or another payment', () => {
    expect(isAuthenticCheckout('order_AnotherOrder01', PAYMENT, right, KEY_SECRET)).toBe(false);
    expect(isAuthenticCheckout(ORDER, 'pay_AnotherPaymnt1', right, KEY_SECRET)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    const other = independentHmac('another-secret', `${ORDER}|${PAYMENT}`);
    expect(isAuthenticCheckout(ORDER, PAYMENT, other, KEY_SECRET)).toBe(false);
  });

  it('refuses an empty signature, order id, payment id or secret', () => {
    expect(isAuthenticCheckout(ORDER, PAYMENT, '', KEY_SECRET)).toBe(false);
    expect(isAuthenticCheckout('', PAYMENT, independentHmac(KEY_SECRET, `|${PAYMENT}`), KEY_SECRET)).toBe(false);
    expect(isAuthenticCheckout(ORDER, '', independentHmac(KEY_SECRET, `${ORDER}|`), KEY_SECRET)).toBe(false);
    // With an empty secret, even the HMAC under that empty key is refused: no secret, no payment.
    expect(isAuthenticCheckout(ORDER, PAYMENT, independentHmac('', `${ORDER}|${PAYMENT}`), '')).toBe(false);
  });

  it.each([
    ['non-hex characters of the right length', 'g'.repeat(64)],
    ['the right signature with a non-hex character', `${right.slice(0, 63)}z`],
    ['the right signature cut short', right.slice(0, 63)],
    ['the right signature with an extra digit', `${right}0`],
    ['the right signature with spaces around', ` ${right} `],
    ['half of the right signature', right.slice(0, 32)],
    ['the right signature in base64', Buffer.from(right, 'hex').toString('base64')],
  ])('refuses %s', (_what, signature) => {
    expect(isAuthenticCheckout(ORDER, PAYMENT, signature, KEY_SECRET)).toBe(false);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an array holding the right signature', [right]],
    ['an object', { signature: right }],
  ])('refuses a signature that is %s', (_what, signature) => {
    expect(isAuthenticCheckout(ORDER, PAYMENT, signature, KEY_SECRET)).toBe(false);
  });
});

describe('webhook signature', () => {
  const event = { entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: PAYMENT, order_id: ORDER, amount: 1999 } } } };
  const rawBody = JSON.stringify(event);
  const right = independentHmac(WEBHOOK_SECRET, rawBody);

  it('is HMAC-SHA256 of the raw body with the webhook secret', () => {
    expect(webhookSignature(rawBody, WEBHOOK_SECRET)).toBe(right);
    expect(webhookSignature(Buffer.from(rawBody), WEBHOOK_SECRET)).toBe(right);
  });

  it('accepts the right signature over the raw bytes, as a Buffer or a string', () => {
    expect(isAuthenticWebhook(Buffer.from(rawBody, 'utf8'), right, WEBHOOK_SECRET)).toBe(true);
    expect(isAuthenticWebhook(rawBody, right, WEBHOOK_SECRET)).toBe(true);
    expect(isAuthenticWebhook(rawBody, right.toUpperCase(), WEBHOOK_SECRET)).toBe(true);
  });

  it("agrees with Razorpay's SDK on the right signature", () => {
    expect(validateWebhookSignature(rawBody, webhookSignature(rawBody, WEBHOOK_SECRET), WEBHOOK_SECRET)).toBe(true);
    expect(isAuthenticWebhook(Buffer.from(rawBody), right, WEBHOOK_SECRET)).toBe(validateWebhookSignature(rawBody, right, WEBHOOK_SECRET));
  });

  it('refuses the same JSON re-serialised with other spacing', () => {
    const respaced = JSON.stringify(event, null, 2);
    expect(JSON.parse(respaced)).toEqual(event);
    expect(isAuthenticWebhook(Buffer.from(respaced), right, WEBHOOK_SECRET)).toBe(false);
    expect(isAuthenticWebhook(Buffer.from(`${rawBody}\n`), right, WEBHOOK_SECRET)).toBe(false);
    // The SDK sees it the same way.
    expect(validateWebhookSignature(respaced, right, WEBHOOK_SECRET)).toBe(false);
  });

  it('refuses a signature made with the key secret instead of the webhook secret', () => {
    expect(isAuthenticWebhook(rawBody, independentHmac(KEY_SECRET, rawBody), WEBHOOK_SECRET)).toBe(false);
  });

  it('refuses an empty body, even with the HMAC of the empty body', () => {
    const ofEmpty = independentHmac(WEBHOOK_SECRET, '');
    expect(isAuthenticWebhook(Buffer.alloc(0), ofEmpty, WEBHOOK_SECRET)).toBe(false);
    expect(isAuthenticWebhook('', ofEmpty, WEBHOOK_SECRET)).toBe(false);
  });

  it('refuses when no webhook secret is configured', () => {
    expect(isAuthenticWebhook(rawBody, independentHmac('', rawBody), '')).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['cut short', right.slice(0, 60)],
    ['not hex', 'x'.repeat(64)],
    ['of another body', independentHmac(WEBHOOK_SECRET, '{}')],
  ])('refuses a signature that is %s', (_what, signature) => {
    expect(isAuthenticWebhook(rawBody, signature, WEBHOOK_SECRET)).toBe(false);
  });
});
