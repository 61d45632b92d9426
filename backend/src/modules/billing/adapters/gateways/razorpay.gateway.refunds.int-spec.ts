import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  RazorpayStandIn,
  razorpayError,
  STAND_IN_KEYS,
  standInPaymentsConfig,
  startStandInGateway,
  type StandInPayment,
} from '../../../../../test/support/razorpay-stand-in';
import { captureLogger } from '../../../../../test/support/logs';
import { RefundCallError, type NewGatewayRefund } from '../../application/payment-gateway.port';
import { RazorpayGateway } from './razorpay.gateway';

/**
 * The Razorpay gateway's refunds (docs/refunds.md). Real: the `razorpay` SDK, its axios client,
 * HTTP over 127.0.0.1. Fake: Razorpay itself, replaced by the local stand-in
 * (test/support/razorpay-stand-in.ts) that speaks the Refunds API and keeps its rules.
 */
const { keyId: KEY_ID, keySecret: KEY_SECRET } = STAND_IN_KEYS;
/** Short, so the timeout cases stay fast; the stand-in answers everything else in milliseconds. */
const TIMEOUT_MS = 400;

const paymentsConfig = standInPaymentsConfig;

describe('RazorpayGateway refunds against the Razorpay stand-in', () => {
  let standIn: RazorpayStandIn;
  let gateway: RazorpayGateway;
  let logged: string[];
  /** Every message a refund call failed with, to check that none holds the key secret. */
  let messages: string[];

  beforeAll(async () => ({ standIn, gateway } = await startStandInGateway(TIMEOUT_MS)));
  afterAll(() => standIn.stop());

  beforeEach(() => {
    logged = [];
    messages = [];
    captureLogger(logged);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    standIn.answerRefundsAs('processed');
    await standIn.settled();
    // Whatever happened, the key secret reaches neither the log nor a message staff read.
    expect(logged.join('\n')).not.toContain(KEY_SECRET);
    expect(messages.join('\n')).not.toContain(KEY_SECRET);
  });

  /** A captured payment of `amount` at the stand-in, behind an order made through the gateway. */
  async function capturedPayment(amount = 1999, status: StandInPayment['status'] = 'captured'): Promise<StandInPayment> {
    const order = await gateway.createOrder({ amount, currency: 'USD', receipt: 'po_refund_spec', notes: {} });
    return standIn.addPayment(order.id, { status });
  }

  function newRefund(paymentId: string, amount: number): NewGatewayRefund {
    const refundId = randomUUID();
    return {
      paymentId,
      amount,
      idempotencyKey: `refund-${refundId}`,
      receipt: `rf_${refundId.slice(0, 8)}`,
      notes: { refund_id: refundId },
    };
  }

  /** Expects the call to fail with RefundCallError of this kind; returns its message. */
  async function refundError(promise: Promise<unknown>, kind: RefundCallError['kind']): Promise<string> {
    const error = await promise.then(
      () => {
        throw new Error('expected the refund call to fail');
      },
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RefundCallError);
    expect(error).toMatchObject({ kind });
    messages.push((error as RefundCallError).message);
    return (error as RefundCallError).message;
  }

  /** Waits until the stand-in has received `count` requests (a request in flight, not answered). */
  async function received(count: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (standIn.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`the stand-in received ${standIn.requests.length} requests, not ${count}`);
      await sleep(5);
    }
  }

  describe('refund', () => {
    it('posts amount, speed, receipt and notes with the idempotency key under Basic auth, and maps the answer', async () => {
      const payment = await capturedPayment(1999);
      const input = newRefund(payment.id, 1999);
      const before = standIn.requests.length;

      const refund = await gateway.refund(input);

      expect(refund).toEqual({
        id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
        paymentId: payment.id,
        amount: 1999,
        currency: 'USD',
        status: 'processed',
      });
      const sent = standIn.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        method: 'POST',
        path: `/v1/payments/${payment.id}/refund`,
        auth: { keyId: KEY_ID, keySecret: KEY_SECRET },
        body: { amount: 1999, speed: 'normal', receipt: input.receipt, notes: input.notes },
      });
      expect(Object.keys(sent[0].body as object).sort()).toEqual(['amount', 'notes', 'receipt', 'speed']);
      expect(sent[0].headers['x-refund-idempotency']).toBe(input.idempotencyKey);
      expect(sent[0].headers['content-type']).toMatch(/^application\/json/);
      expect(standIn.refunds(payment.id)).toEqual([expect.objectContaining({ id: refund.id, amount: 1999, status: 'processed' })]);
      expect(standIn.payment(payment.id)).toMatchObject({ status: 'refunded', amount_refunded: 1999, refund_status: 'full' });
    });

    it('refunds part of a payment, then the rest', async () => {
      const payment = await capturedPayment(1999);

      const first = await gateway.refund(newRefund(payment.id, 785));
      expect(first).toMatchObject({ amount: 785, status: 'processed' });
      expect(standIn.payment(payment.id)).toMatchObject({ status: 'captured', amount_refunded: 785, refund_status: 'partial' });

      const rest = await gateway.refund(newRefund(payment.id, 1214));
      expect(rest).toMatchObject({ amount: 1214, status: 'processed' });
      expect(rest.id).not.toBe(first.id);
      expect(standIn.payment(payment.id)).toMatchObject({ status: 'refunded', amount_refunded: 1999, refund_status: 'full' });
    });

    it("is rejected in Razorpay's words when a second partial refund goes over the captured amount", async () => {
      const payment = await capturedPayment(1999);
      await gateway.refund(newRefund(payment.id, 1500));

      const message = await refundError(gateway.refund(newRefund(payment.id, 500)), 'rejected');

      expect(message).toBe('Razorpay refused the refund: The refund amount provided is greater than amount captured.');
      expect(standIn.refunds(payment.id)).toHaveLength(1);
      expect(standIn.payment(payment.id)?.amount_refunded).toBe(1500);
      expect(logged.join('\n')).toContain('HTTP 400 BAD_REQUEST_ERROR: The refund amount provided is greater than amount captured');
    });

    it.each(['authorized', 'failed'] as const)('is rejected for a payment that is %s, not captured', async (status) => {
      const payment = await capturedPayment(1999, status);

      const message = await refundError(gateway.refund(newRefund(payment.id, 1999)), 'rejected');

      expect(message).toBe('Razorpay refused the refund: Only payments which have been captured can be refunded.');
      expect(standIn.refunds(payment.id)).toEqual([]);
    });

    it('is rejected for an amount that is not an integer of minor units', async () => {
      const payment = await capturedPayment(1999);
      const message = await refundError(gateway.refund(newRefund(payment.id, 7.85)), 'rejected');
      expect(message).toBe('Razorpay refused the refund: The amount must be an integer.');
      expect(standIn.refunds(payment.id)).toEqual([]);
    });

    it('is rejected when the same key comes back with a different body', async () => {
      const payment = await capturedPayment(1999);
      const input = newRefund(payment.id, 500);
      await gateway.refund(input);

      const message = await refundError(gateway.refund({ ...input, amount: 600 }), 'rejected');

      expect(message).toBe('Razorpay refused the refund: Different request with the same idempotency key has already been processed.');
      expect(standIn.refunds(payment.id)).toHaveLength(1);
    });

    it.each([
      ['an order id', 'order_Np0fJ3Fq2yXz9A'],
      ['a path', 'pay_X/../../orders'],
      ['an empty id', ''],
    ])('is rejected without asking Razorpay for %s instead of a payment id', async (_what, paymentId) => {
      const before = standIn.requests.length;
      const message = await refundError(gateway.refund(newRefund(paymentId, 100)), 'rejected');
      expect(message).toBe(`The refund was not sent to Razorpay: ${JSON.stringify(paymentId)} is not a Razorpay payment id.`);
      expect(standIn.requests.length).toBe(before);
    });

    it('is rejected without asking Razorpay when the idempotency key is not one Razorpay takes', async () => {
      const payment = await capturedPayment(1999);
      const before = standIn.requests.length;
      const message = await refundError(gateway.refund({ ...newRefund(payment.id, 100), idempotencyKey: 'short' }), 'rejected');
      expect(message).toMatch(/^The refund was not sent to Razorpay: its idempotency key is not 10 to 50 letters/);
      expect(standIn.requests.length).toBe(before);
    });

    it('is unclear after a timeout once Razorpay acted, and the retry with the same key answers the same refund', async () => {
      const payment = await capturedPayment(1999);
      const input = newRefund(payment.id, 1000);
      const before = standIn.requests.length;
      standIn.hangNext({ afterActing: true });
      const started = Date.now();

      const message = await refundError(gateway.refund(input), 'unclear');

      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(message).toBe(
        `Razorpay did not answer the refund of ${payment.id}: timeout of ${TIMEOUT_MS}ms exceeded. ` +
          'The refund may have been made; it stays pending and is sent again with the same idempotency key.',
      );
      expect(standIn.refunds(payment.id)).toHaveLength(1);

      const retried = await gateway.refund(input);

      expect(retried).toMatchObject({ id: standIn.refunds(payment.id)[0].id, amount: 1000, status: 'processed' });
      expect(standIn.refunds(payment.id)).toHaveLength(1);
      expect(standIn.payment(payment.id)?.amount_refunded).toBe(1000);
      const sent = standIn.requests.slice(before);
      expect(sent.map((r) => r.headers['x-refund-idempotency'])).toEqual([input.idempotencyKey, input.idempotencyKey]);
    });

    it('is unclear after a timeout before Razorpay acted, and the retry makes the one refund', async () => {
      const payment = await capturedPayment(1999);
      const input = newRefund(payment.id, 1999);
      standIn.hangNext();

      await refundError(gateway.refund(input), 'unclear');
      expect(standIn.refunds(payment.id)).toEqual([]);

      await expect(gateway.refund(input)).resolves.toMatchObject({ amount: 1999, status: 'processed' });
      expect(standIn.refunds(payment.id)).toHaveLength(1);
    });

    it('is unclear (409) while Razorpay still works on the same key, and the first request makes the only refund', async () => {
      const patient = new RazorpayGateway(paymentsConfig({ apiUrl: standIn.url }), { timeoutMs: 5_000 });
      const payment = await capturedPayment(1999);
      const input = newRefund(payment.id, 1999);
      const before = standIn.requests.length;
      standIn.delayNext(300);

      const first = patient.refund(input);
      await received(before + 1);
      const message = await refundError(patient.refund(input), 'unclear');

      expect(message).toBe(
        `Razorpay is still working on an earlier request for the refund of ${payment.id} (HTTP 409): ` +
          'A request with the same idempotency key is still being processed. ' +
          'The refund may have been made; it stays pending and is sent again with the same idempotency key.',
      );
      const made = await first;
      expect(standIn.refunds(payment.id)).toEqual([expect.objectContaining({ id: made.id })]);
    });

    it('is unclear when the connection drops after Razorpay acted, and the retry answers the same refund', async () => {
      const payment = await capturedPayment(1999);
      const input = newRefund(payment.id, 400);
      standIn.closeNext({ afterActing: true });

      const message = await refundError(gateway.refund(input), 'unclear');

      expect(message).toMatch(/^Razorpay did not answer the refund of pay_\w+: socket hang up\. /);
      const made = standIn.refunds(payment.id);
      expect(made).toHaveLength(1);
      await expect(gateway.refund(input)).resolves.toMatchObject({ id: made[0].id });
      expect(standIn.refunds(payment.id)).toHaveLength(1);
    });

    it.each([
      ['HTTP 429', 429, razorpayError('BAD_REQUEST_ERROR', 'Too many requests'), /for now: too many requests \(HTTP 429\): Too many requests\./],
      ['HTTP 500', 500, undefined, /failed on its side with the refund of pay_\w+ \(HTTP 500\): The server encountered an error/],
      ["a proxy's 502 page", 502, '<html><body>Bad Gateway</body></html>', /\(HTTP 502\): HTTP 502 without Razorpay's error body\./],
    ])('is unclear on %s', async (_what, status, body, words) => {
      const payment = await capturedPayment(1999);
      standIn.failNext(status, body);
      const message = await refundError(gateway.refund(newRefund(payment.id, 1999)), 'unclear');
      expect(message).toMatch(words);
      expect(message).toMatch(/The refund may have been made; it stays pending/);
    });

    /** A refund answer as Razorpay sends it, for the payment asked about, with some fields changed. */
    const answerFor = (changes: Record<string, unknown>) => (paymentId: string) => ({
      id: 'rfnd_FP8QHiV938haTz',
      entity: 'refund',
      payment_id: paymentId,
      amount: 1999,
      currency: 'USD',
      status: 'processed',
      ...changes,
    });

    it.each([
      ['a body that is not a refund', () => ({ unexpected: true }), '"id" is not a non-empty string'],
      ['an amount in decimal text', answerFor({ amount: '19.99' }), '"amount" is not an integer'],
      ['an id that is not a refund id', answerFor({ id: 'pay_FP8QHiV938haTz' }), '"id" "pay_FP8QHiV938haTz" is not a Razorpay refund id'],
      ['a refund of another payment', answerFor({ payment_id: 'pay_Another0000001' }), 'the refund is of payment "pay_Another0000001"'],
      ['a refund of another amount', answerFor({ amount: 999 }), 'the refund is of 999, not 1999'],
      ['an HTML page with status 200', () => '<html>Maintenance</html>', 'the refund is not a JSON object'],
    ])('is unclear on an answer of the wrong shape: %s', async (_what, answer, reason) => {
      const payment = await capturedPayment(1999);
      standIn.answerNext(200, answer(payment.id));
      const message = await refundError(gateway.refund(newRefund(payment.id, 1999)), 'unclear');
      expect(message).toContain(`Razorpay's answer to the refund of ${payment.id} could not be read (${reason}`);
      expect(logged.join('\n')).toContain('unexpected body');
    });

    it('takes a refund state it does not know for pending, and says so in the log', async () => {
      const payment = await capturedPayment(1999);
      standIn.answerNext(200, answerFor({ id: 'rfnd_NewState000001', status: 'reversed' })(payment.id));

      await expect(gateway.refund(newRefund(payment.id, 1999))).resolves.toMatchObject({ id: 'rfnd_NewState000001', status: 'pending' });
      expect(logged.join('\n')).toContain('unknown state "reversed"; treating it as pending');
    });

    it('is rejected on a wrong key secret, and neither the message nor the log holds the secret', async () => {
      const wrongKey = new RazorpayGateway(paymentsConfig({ apiUrl: standIn.url, keySecret: 'not-the-secret' }), { timeoutMs: TIMEOUT_MS });
      const payment = await capturedPayment(1999);

      const message = await refundError(wrongKey.refund(newRefund(payment.id, 1999)), 'rejected');

      expect(message).toBe('Razorpay refused the refund: Authentication failed.');
      expect(logged.join('\n')).toMatch(/HTTP 401 BAD_REQUEST_ERROR: Authentication failed \(check RAZORPAY_KEY_ID/);
      expect(logged.join('\n')).not.toContain('not-the-secret');
    });

    it('scrubs the key secret from an answer that echoes it', async () => {
      const payment = await capturedPayment(1999);
      standIn.failNext(400, razorpayError('BAD_REQUEST_ERROR', `Key ${KEY_SECRET} is not allowed to refund`));

      const message = await refundError(gateway.refund(newRefund(payment.id, 1999)), 'rejected');

      expect(message).toBe('Razorpay refused the refund: Key [key secret] is not allowed to refund.');
      expect(logged.join('\n')).toContain('Key [key secret] is not allowed');
    });
  });

  describe('refundState', () => {
    it('asks GET /v1/refunds/{id} under Basic auth and answers processed', async () => {
      const payment = await capturedPayment(1999);
      const made = await gateway.refund(newRefund(payment.id, 1999));
      const before = standIn.requests.length;

      await expect(gateway.refundState(made.id)).resolves.toEqual(made);

      expect(standIn.requests.slice(before)).toEqual([
        expect.objectContaining({ method: 'GET', path: `/v1/refunds/${made.id}`, auth: { keyId: KEY_ID, keySecret: KEY_SECRET } }),
      ]);
    });

    it('follows a pending refund to processed', async () => {
      const payment = await capturedPayment(1999);
      standIn.answerRefundsAs('pending');
      const made = await gateway.refund(newRefund(payment.id, 1999));
      expect(made.status).toBe('pending');
      await expect(gateway.refundState(made.id)).resolves.toMatchObject({ status: 'pending' });

      standIn.settleRefund(made.id, 'processed');

      await expect(gateway.refundState(made.id)).resolves.toEqual({ ...made, status: 'processed' });
    });

    it('follows a pending refund to failed, and the payment can be refunded again', async () => {
      const payment = await capturedPayment(1999);
      standIn.answerRefundsAs('pending');
      const made = await gateway.refund(newRefund(payment.id, 1999));
      expect(standIn.payment(payment.id)).toMatchObject({ status: 'refunded', amount_refunded: 1999 });

      standIn.settleRefund(made.id, 'failed');

      await expect(gateway.refundState(made.id)).resolves.toEqual({ ...made, status: 'failed' });
      expect(standIn.payment(payment.id)).toMatchObject({ status: 'captured', amount_refunded: 0, refund_status: null });
      await expect(gateway.refund(newRefund(payment.id, 1999))).resolves.toMatchObject({ status: 'pending' });
    });

    it('is rejected for a refund Razorpay does not know (404)', async () => {
      const message = await refundError(gateway.refundState('rfnd_DoesNotExist01'), 'rejected');
      expect(message).toBe('Razorpay refused to report the state of refund rfnd_DoesNotExist01: The id provided does not exist.');
      expect(logged.join('\n')).toContain('HTTP 404 BAD_REQUEST_ERROR: The id provided does not exist');
    });

    it('is rejected without asking Razorpay for an id that is not a refund id', async () => {
      const before = standIn.requests.length;
      const message = await refundError(gateway.refundState('../payments/pay_X'), 'rejected');
      expect(message).toBe('Razorpay was not asked: "../payments/pay_X" is not a Razorpay refund id.');
      expect(standIn.requests.length).toBe(before);
    });

    it.each([
      ['HTTP 500', () => standIn.failNext(500), /\(HTTP 500\)/],
      ['a timeout', () => standIn.hangNext(), /did not answer the state of refund rfnd_\w+: timeout of 400ms exceeded/],
      ['a dropped connection', () => standIn.closeNext(), /socket hang up/],
      [
        'an answer for another refund',
        () => standIn.answerNext(200, { id: 'rfnd_Another00000001', payment_id: 'pay_X', amount: 1, currency: 'USD', status: 'processed' }),
        /could not be read \(the answer is refund "rfnd_Another00000001"/,
      ],
    ])('is unclear on %s', async (_what, script, words) => {
      const payment = await capturedPayment(1999);
      const made = await gateway.refund(newRefund(payment.id, 1999));
      script();
      const message = await refundError(gateway.refundState(made.id), 'unclear');
      expect(message).toMatch(words);
      expect(message).toMatch(/The refund keeps the state it had; Razorpay is asked again later\.$/);
    });
  });

  describe('the stand-in, asked directly (rules the adapter never lets it meet)', () => {
    async function post(paymentId: string, body: unknown, key?: string): Promise<{ status: number; body: unknown }> {
      const res = await fetch(`${standIn.url}/v1/payments/${paymentId}/refund`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
          'content-type': 'application/json',
          ...(key === undefined ? {} : { 'x-refund-idempotency': key }),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    }

    it('refuses an idempotency key of the wrong shape', async () => {
      const payment = await capturedPayment(1999);
      for (const key of ['short', 'has space in it', 'semi;colon;key', '']) {
        const answer = await post(payment.id, { amount: 100 }, key);
        expect(answer).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR' } } });
      }
      expect(standIn.refunds(payment.id)).toEqual([]);
    });

    it('refuses an amount that is not a positive integer, and a field Razorpay does not take', async () => {
      const payment = await capturedPayment(1999);
      for (const body of [{ amount: 0 }, { amount: -5 }, { amount: '100' }, { amount: 100, reason: 'x' }]) {
        expect((await post(payment.id, body, `key-${randomUUID()}`)).status).toBe(400);
      }
      expect(standIn.refunds(payment.id)).toEqual([]);
    });

    it('refunds whatever is left when no amount is given, and twice without a key (Razorpay does)', async () => {
      const payment = await capturedPayment(1999);
      await post(payment.id, { amount: 999 });
      const rest = await post(payment.id, {});
      expect(rest).toMatchObject({ status: 200, body: { amount: 1000 } });
      expect((await post(payment.id, {})).body).toMatchObject({ error: { description: 'The payment has been fully refunded already' } });
      expect(standIn.refunds(payment.id).map((r) => r.amount)).toEqual([999, 1000]);
    });
  });
});
