/**
 * Customers made over the API the way a real one signs up (request-otp → the OTP from the mail
 * outbox → verify-otp → register → login), and purchases through the sandbox payment flow.
 * The server must mail to the outbox (SMTP_URL: '') and, for purchases, run PAYMENTS_PROVIDER
 * 'sandbox' with RAZORPAY_KEY_SECRET unset or SANDBOX_KEY_SECRET.
 */
import crypto from 'node:crypto';
import { getJson, type Session, type SystemHandle } from './harness';
import { waitForOtp } from './outbox';

/** The sandbox's key secret when RAZORPAY_KEY_SECRET is not set (backend app-config). */
export const SANDBOX_KEY_SECRET = 'sandbox-key-secret';

export interface Customer extends Session {
  password: string;
}

/** A purchased subscription as POST /api/payment/verify returns it. */
export interface Subscription {
  Status: number;
  profileLink: string;
  [field: string]: unknown;
}

function post(system: SystemHandle, path: string, body: unknown, token?: string): Promise<any> {
  return getJson(system.url(`/api${path}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** A registered, logged-in customer `<label>.<unique>@example.com` named `name`. */
export async function signUpCustomer(system: SystemHandle, options: { label?: string; name?: string } = {}): Promise<Customer> {
  const unique = `${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
  const email = `${options.label ?? 'customer'}.${unique}@example.com`;
  const password = 'correct horse battery';
  const since = Date.now() - 1000;
  await post(system, '/user/request-otp', { email });
  const otp = await waitForOtp(system.store.dataDir, email, { since });
  await post(system, '/user/verify-otp', { email, otp });
  await post(system, '/user/register', { email, otp, password, name: options.name ?? 'Casey Customer', phone: '+1 555 010 0199' });
  const login = await post(system, '/user/login', { email, password });
  return { email, password, userId: login.userId, token: login.token };
}

/** A Razorpay-looking payment id: 'pay_' and 14 letters or digits. */
function paymentId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `pay_${Array.from(crypto.randomBytes(14), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** What Razorpay's checkout hands back for `orderId`: a new payment id, signed with the sandbox key secret. */
function signedProof(orderId: string) {
  const payment = paymentId();
  const signature = crypto.createHmac('sha256', SANDBOX_KEY_SECRET).update(`${orderId}|${payment}`).digest('hex');
  return { razorpay_order_id: orderId, razorpay_payment_id: payment, razorpay_signature: signature };
}

/**
 * One purchase through the sandbox: the order, the signature Razorpay's checkout would hand back
 * (HMAC-SHA256 of "order|payment" with the sandbox key secret), verify. Returns the subscription;
 * fails when the verification does not answer 'Payment verified'.
 */
export async function buyWithSandbox(
  system: SystemHandle,
  customer: Session,
  options: { plan?: string; tier?: number; profileLink: string; captured?: boolean },
): Promise<Subscription> {
  const plan = await post(system, '/plan/getByName', { name: options.plan ?? 'YouTube' });
  const pricing = plan.pricing[options.tier ?? 0];
  if (!pricing) throw new Error(`${plan.name} has no pricing tier ${options.tier ?? 0}`);
  const { order } = await post(
    system,
    '/payment/order',
    { userId: customer.userId, planId: plan.planId, pricingId: pricing.pricingId, currency: 'USD', profileLink: options.profileLink },
    customer.token,
  );
  // captured: paid with the sandbox dialog's card (POST /payment/sandbox/checkout), so the sandbox
  // gateway holds the payment and can refund it; otherwise a signed answer of a payment it never saw.
  const proof = options.captured ? await post(system, '/payment/sandbox/checkout', { orderId: order.id, outcome: 'success' }, customer.token) : signedProof(order.id);
  const verified = await post(system, '/payment/verify', proof, customer.token);
  if (verified.message !== 'Payment verified' || !verified.subscription) {
    throw new Error(`POST /api/payment/verify did not verify order ${order.id}: ${JSON.stringify(verified).slice(0, 500)}`);
  }
  return verified.subscription;
}
