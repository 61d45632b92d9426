import { closedPort } from '../../../../../test/support/closed-port';
import { RazorpayStandIn, STAND_IN_KEYS, standInPaymentsConfig, startStandInGateway } from '../../../../../test/support/razorpay-stand-in';
import { captureLogger } from '../../../../../test/support/logs';
import { AppError } from '../../../../platform/errors/app-error';
import { GATEWAY_REFUSED_MESSAGE, GATEWAY_UNREACHABLE_MESSAGE, RazorpayGateway } from './razorpay.gateway';

/**
 * Real: the `razorpay` SDK, its axios client, HTTP over 127.0.0.1. Fake: Razorpay itself, replaced
 * by the local stand-in (test/support/razorpay-stand-in.ts) that speaks the Orders API's shapes.
 */
const { keyId: KEY_ID, keySecret: KEY_SECRET } = STAND_IN_KEYS;
/** Short, so the timeout case stays fast; the stand-in answers everything else in milliseconds. */
const TIMEOUT_MS = 400;

const paymentsConfig = standInPaymentsConfig;

describe('RazorpayGateway against the Razorpay stand-in', () => {
  let standIn: RazorpayStandIn;
  let gateway: RazorpayGateway;
  let logged: string[];

  beforeAll(async () => ({ standIn, gateway } = await startStandInGateway(TIMEOUT_MS)));
  afterAll(() => standIn.stop());

  beforeEach(() => {
    logged = [];
    captureLogger(logged);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    // Whatever happened, the key secret never reaches the log.
    expect(logged.join('\n')).not.toContain(KEY_SECRET);
  });

  const newOrder = {
    amount: 1999,
    currency: 'USD',
    receipt: 'po_7f3a2c',
    notes: { planId: 'plan-1', pricingId: 'tier-2', userId: 'user-9' },
  };

  it('creates an order with amount, currency, receipt and notes under Basic auth, and maps the answer', async () => {
    const before = standIn.requests.length;

    const order = await gateway.createOrder(newOrder);

    expect(order).toEqual({ id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), amount: 1999, currency: 'USD' });
    expect(standIn.order(order.id)).toMatchObject({ amount: 1999, currency: 'USD', receipt: 'po_7f3a2c', status: 'created' });
    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      auth: { keyId: KEY_ID, keySecret: KEY_SECRET },
      body: newOrder,
    });
  });

  it("sends only the Orders API's own fields: no expire_by (Orders with Standard Checkout have none; the lifetime is ours)", async () => {
    const before = standIn.requests.length;
    const order = await gateway.createOrder({ ...newOrder, amount: 19990, currency: 'KWD' });
    expect(order).toMatchObject({ amount: 19990, currency: 'KWD' });
    const [sent] = standIn.requests.slice(before);
    expect(Object.keys(sent.body as object).sort()).toEqual(['amount', 'currency', 'notes', 'receipt']);
  });

  it('lists the payments of an order, mapping captured and failed attempts', async () => {
    const order = await gateway.createOrder(newOrder);
    const failed = standIn.addPayment(order.id, { status: 'failed', errorDescription: 'Your payment was declined by the bank.' });
    const captured = standIn.addPayment(order.id, { status: 'captured' });
    const before = standIn.requests.length;

    const payments = await gateway.paymentsOf(order.id);

    expect(payments).toHaveLength(2);
    expect(payments).toEqual(
      expect.arrayContaining([
        {
          id: captured.id,
          orderId: order.id,
          status: 'captured',
          amount: 1999,
          currency: 'USD',
          errorDescription: null,
          createdAt: new Date(captured.created_at * 1000),
        },
        {
          id: failed.id,
          orderId: order.id,
          status: 'failed',
          amount: 1999,
          currency: 'USD',
          errorDescription: 'Your payment was declined by the bank.',
          createdAt: new Date(failed.created_at * 1000),
        },
      ]),
    );
    expect(standIn.requests.slice(before)).toEqual([
      expect.objectContaining({ method: 'GET', path: `/v1/orders/${order.id}/payments`, auth: { keyId: KEY_ID, keySecret: KEY_SECRET } }),
    ]);
  });

  it('lists no payments for an order nobody has tried to pay', async () => {
    const order = await gateway.createOrder(newOrder);
    await expect(gateway.paymentsOf(order.id)).resolves.toEqual([]);
  });

  it('treats a payment state it does not know as not paid, and says so in the log', async () => {
    const order = await gateway.createOrder(newOrder);
    standIn.answerNext(200, {
      entity: 'collection',
      count: 1,
      items: [{ id: 'pay_NewState000001', entity: 'payment', amount: 1999, currency: 'USD', status: 'pending_review', order_id: order.id }],
    });

    const payments = await gateway.paymentsOf(order.id);

    expect(payments).toEqual([
      { id: 'pay_NewState000001', orderId: order.id, status: 'created', amount: 1999, currency: 'USD', errorDescription: null, createdAt: null },
    ]);
    expect(logged.join('\n')).toContain('unknown state "pending_review"');
  });

  it('leaves the SDK on https://api.razorpay.com when no API URL is configured', () => {
    const onDefault = new RazorpayGateway(paymentsConfig());
    const http = (onDefault as unknown as { sdk: { api: { rq: { defaults: { baseURL: string; timeout: number } } } } }).sdk.api.rq;
    expect(http.defaults.baseURL).toBe('https://api.razorpay.com');
    expect(http.defaults.timeout).toBe(10_000);
  });

  /** Expects a bad_gateway AppError with the given customer message, and nothing else. */
  async function expectGatewayError(promise: Promise<unknown>, message: string): Promise<AppError> {
    const error = await promise.then(
      () => {
        throw new Error('expected the gateway call to fail');
      },
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'bad_gateway', code: 'gateway_unavailable', message });
    return error as AppError;
  }

  it("turns a wrong key (401) into bad_gateway, with Razorpay's reason in the log only", async () => {
    const wrongKey = new RazorpayGateway(paymentsConfig({ apiUrl: standIn.url, keySecret: 'not-the-secret' }), { timeoutMs: TIMEOUT_MS });

    const error = await expectGatewayError(wrongKey.createOrder(newOrder), GATEWAY_REFUSED_MESSAGE);

    expect(error.message).not.toContain('Authentication failed');
    expect(logged.join('\n')).toMatch(/HTTP 401 BAD_REQUEST_ERROR: Authentication failed \(check RAZORPAY_KEY_ID/);
    expect(logged.join('\n')).not.toContain('not-the-secret');
  });

  it('turns a request Razorpay rejects (400, e.g. an amount below the minimum) into bad_gateway', async () => {
    await expectGatewayError(gateway.createOrder({ ...newOrder, amount: 50 }), GATEWAY_REFUSED_MESSAGE);
    expect(logged.join('\n')).toContain('HTTP 400 BAD_REQUEST_ERROR: Order amount less than minimum amount allowed');
  });

  it('turns payments of an order Razorpay does not know into bad_gateway', async () => {
    await expectGatewayError(gateway.paymentsOf('order_DoesNotExist01'), GATEWAY_REFUSED_MESSAGE);
    expect(logged.join('\n')).toContain('The id provided does not exist');
  });

  const calls: Array<[string, (g: RazorpayGateway) => Promise<unknown>]> = [
    ['createOrder', (g) => g.createOrder(newOrder)],
    ['paymentsOf', (g) => g.paymentsOf('order_AnyOrderId0001')],
  ];

  describe.each(calls)('%s', (_name, call) => {
    it("turns an HTTP 500 into bad_gateway and logs Razorpay's error", async () => {
      standIn.failNext(500);
      await expectGatewayError(call(gateway), GATEWAY_UNREACHABLE_MESSAGE);
      expect(logged.join('\n')).toContain('HTTP 500, SERVER_ERROR: The server encountered an error');
    });

    it('turns a 502 with an HTML page (a proxy, not Razorpay) into bad_gateway', async () => {
      standIn.failNext(502, '<html><body>Bad Gateway</body></html>');
      await expectGatewayError(call(gateway), GATEWAY_UNREACHABLE_MESSAGE);
      expect(logged.join('\n')).toContain("HTTP 502, UNEXPECTED_ANSWER: HTTP 502 without Razorpay's error body");
    });

    it('turns a dropped connection into bad_gateway', async () => {
      standIn.closeNext();
      await expectGatewayError(call(gateway), GATEWAY_UNREACHABLE_MESSAGE);
      expect(logged.join('\n')).toMatch(/no answer, ECONNRESET: socket hang up/);
    });

    it('turns an answer slower than the timeout into bad_gateway, without waiting for it', async () => {
      standIn.hangNext();
      const started = Date.now();
      await expectGatewayError(call(gateway), GATEWAY_UNREACHABLE_MESSAGE);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(logged.join('\n')).toMatch(new RegExp(`no answer, E\\w+: timeout of ${TIMEOUT_MS}ms exceeded`));
    });

    it('turns a refused connection (nothing listening) into bad_gateway', async () => {
      const nowhere = new RazorpayGateway(paymentsConfig({ apiUrl: `http://127.0.0.1:${await closedPort()}` }), { timeoutMs: TIMEOUT_MS });
      await expectGatewayError(call(nowhere), GATEWAY_UNREACHABLE_MESSAGE);
      expect(logged.join('\n')).toContain('no answer, ECONNREFUSED');
    });

    it('turns a 200 whose body is not what Razorpay sends into bad_gateway', async () => {
      standIn.answerNext(200, { unexpected: true });
      await expectGatewayError(call(gateway), GATEWAY_UNREACHABLE_MESSAGE);
      expect(logged.join('\n')).toContain('unexpected body');
    });
  });

  it('turns an error the SDK throws before any request (an empty order id) into bad_gateway', async () => {
    const before = standIn.requests.length;
    await expectGatewayError(gateway.paymentsOf(''), GATEWAY_UNREACHABLE_MESSAGE);
    expect(standIn.requests.length).toBe(before);
    expect(logged.join('\n')).toContain('order_id` is mandatory');
  });
});
