import { Logger } from '@nestjs/common';
import { startProviderStandIn, type ProviderStandIn } from '../../../../../../e2e/support/provider-stand-in';
import { closedPort } from '../../../../../test/support/closed-port';
import { PROVIDER_ERROR_CHARS, ProviderError, type ProviderOrderStatus, STATUS_BATCH } from '../../application/provider-panel.port';
import { ApiV2Panel, MAX_ANSWER_BYTES, NOT_REPORTED, TEXT_CHARS } from './api-v2.panel';

/**
 * Real: ApiV2Panel, Node's fetch, HTTP over 127.0.0.1. Fake: the provider panel, replaced by the
 * local API v2 stand-in (e2e/support/provider-stand-in.js) with its scripted misbehaviours.
 */
const KEY = 'panel-key-do-not-log-0123456789';
/** Short, so the timeout cases stay fast; the stand-in answers everything else in milliseconds. */
const TIMEOUT_MS = 300;

/** The ProviderError a call fails with (and fails the spec when it succeeds or throws anything else). */
async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected the provider call to fail, it answered ${JSON.stringify(value)}`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('ApiV2Panel against the API v2 stand-in', () => {
  let standIn: ProviderStandIn;
  let panel: ApiV2Panel;
  let logged: string[];

  beforeAll(async () => {
    standIn = await startProviderStandIn({ key: KEY });
    panel = new ApiV2Panel({ url: standIn.url, key: KEY, timeoutMs: TIMEOUT_MS, abandonMarginMs: 30_000 });
  });

  afterAll(async () => {
    await standIn.close();
  });

  beforeEach(() => {
    logged = [];
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
  });

  afterEach(() => {
    jest.restoreAllMocks();
    // Whatever happened, the key never reaches the log.
    expect(logged.join('\n')).not.toContain(KEY);
  });

  const since = (before: number) => standIn.requests.slice(before);

  it('is the enabled api-v2 panel', () => {
    expect(panel.name).toBe('api-v2');
    expect(panel.enabled).toBe(true);
  });

  describe('services', () => {
    it('reads the list with ids, rates, min and max as text or numbers, sending only the key and the action', async () => {
      const before = standIn.requests.length;

      const services = await panel.services();

      expect(services).toEqual([
        { service: '1', name: 'Instagram Followers [Real]', type: 'Default', category: 'Instagram', rate: '0.90', min: 50, max: 10000, refill: true, cancel: true },
        { service: '2', name: 'Instagram Likes', type: 'Default', category: 'Instagram', rate: '0.15', min: 10, max: 100000, refill: false, cancel: false },
        { service: '3', name: 'YouTube Views', type: 'Default', category: 'YouTube', rate: '1.2', min: 100, max: 1000000, refill: false, cancel: true },
      ]);
      expect(since(before)).toEqual([{ action: 'services', params: { action: 'services' }, keyOk: true }]);
    });

    it('leaves out (and logs) entries without a service id, min or max, keeping the rest', async () => {
      standIn.script('services', {
        json: [
          { service: '7', name: 'Views', rate: 0.05, min: '0', max: 5000, refill: '1', cancel: 0 },
          { name: 'No id', rate: '1', min: 1, max: 2 },
          { service: 8, name: 'No max', rate: '1', min: 1 },
          'not an object',
        ],
      });

      await expect(panel.services()).resolves.toEqual([
        { service: '7', name: 'Views', type: '', category: '', rate: '0.05', min: 0, max: 5000, refill: true, cancel: false },
      ]);
      expect(logged.join('\n')).toContain('3 entries without a service id, min or max');
    });
  });

  describe('add', () => {
    it('places the order with service, link and quantity, and returns the provider order id as text', async () => {
      const before = standIn.requests.length;
      const adds = standIn.addCount();

      const id = await panel.add({ service: '1', link: 'https://instagram.com/some.shop', quantity: 500 });

      expect(id).toMatch(/^\d+$/);
      expect(standIn.addCount()).toBe(adds + 1);
      expect(standIn.orders.get(id)).toMatchObject({ service: '1', link: 'https://instagram.com/some.shop', quantity: 500, status: 'Pending' });
      expect(since(before)).toEqual([{ action: 'add', params: { action: 'add', service: '1', link: 'https://instagram.com/some.shop', quantity: '500' }, keyOk: true }]);
    });

    it("turns the provider's refusal ({error} with HTTP 200) into `rejected` with its text", async () => {
      const error = await failureOf(panel.add({ service: '1', link: 'https://instagram.com/x', quantity: 5 }));
      expect(error).toMatchObject({ failure: 'rejected', message: 'Quantity less than minimal 50' });

      const unknown = await failureOf(panel.add({ service: '999', link: 'https://instagram.com/x', quantity: 100 }));
      expect(unknown).toMatchObject({ failure: 'rejected', message: 'Incorrect service ID' });
    });

    it('turns a scripted error text into `rejected`, and places nothing', async () => {
      const orders = standIn.orders.size;
      standIn.script('add', { error: 'Not enough funds on balance' });

      const error = await failureOf(panel.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }));

      expect(error).toMatchObject({ failure: 'rejected', message: 'Not enough funds on balance' });
      expect(standIn.orders.size).toBe(orders);
    });

    it('turns an answer without an order id into `unclear` (the provider may have placed it)', async () => {
      standIn.script('add', { json: { status: 'ok' } });
      const error = await failureOf(panel.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }));
      expect(error).toMatchObject({ failure: 'unclear', message: 'The provider answered without an order id' });
      expect(logged.join('\n')).toContain('{\\"status\\":\\"ok\\"}');
    });

    it('reads an order id sent as text', async () => {
      standIn.script('add', { json: { order: ' 23501 ' } });
      await expect(panel.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 })).resolves.toBe('23501');
    });

    it('gives up on an answer slower than the timeout with `unclear`, while the provider did place the order', async () => {
      const adds = standIn.addCount();
      const orders = standIn.orders.size;
      standIn.script('add', { slow: TIMEOUT_MS + 700 });
      const started = Date.now();

      const error = await failureOf(panel.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }));

      expect(error).toMatchObject({ failure: 'unclear', message: `The provider did not answer within ${TIMEOUT_MS} ms` });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 600);
      // Exactly why a timeout must not be retried blindly: the order exists upstream.
      expect(standIn.addCount()).toBe(adds + 1);
      expect(standIn.orders.size).toBe(orders + 1);
    });

    it('waits for an answer that is slow but within the timeout', async () => {
      standIn.script('add', { slow: 50 });
      await expect(panel.add({ service: '2', link: 'https://instagram.com/p/1', quantity: 10 })).resolves.toMatch(/^\d+$/);
    });
  });

  describe('statuses', () => {
    it('asks one order through `orders=` and reads the answer, numbers sent as text', async () => {
      const id = await panel.add({ service: '1', link: 'https://instagram.com/one', quantity: 309 });
      const before = standIn.requests.length;

      const statuses = await panel.statuses([id]);

      expect([...statuses]).toEqual([[id, { status: 'Pending', charge: '0.27810', currency: 'USD', startCount: 0, remains: 309 }]]);
      expect(since(before)).toEqual([{ action: 'status', params: { action: 'status', orders: id }, keyOk: true }]);
    });

    it('reads a panel that answers one id with the single-order shape', async () => {
      standIn.script('status', { json: { charge: '1.5', start_count: '10', status: 'In progress', remains: '90', currency: 'EUR' } });
      const statuses = await panel.statuses(['4242']);
      expect(statuses.get('4242')).toEqual({ status: 'In progress', charge: '1.5', currency: 'EUR', startCount: 10, remains: 90 });
    });

    it('asks a batch in one call: every id in the result, numbers as numbers or text, negative remains and unknown words passed on, values it cannot read named', async () => {
      standIn.setOrder(5001, { status: 'Completed', charge: 0.9, start_count: 120, remains: 0, currency: 'USD' });
      standIn.setOrder(5002, { status: 'In progress', charge: '2.00000', start_count: '3572', remains: '157' });
      standIn.setOrder(5003, { status: 'Partial', charge: '0.45', start_count: '0', remains: '-3' });
      standIn.setOrder(5004, { status: 'Awaiting moderation', charge: null, start_count: null, remains: null, currency: '' });
      standIn.setOrder(5005, { status: 'Cancelled', charge: '', start_count: 'n/a', remains: 12.5 });
      const before = standIn.requests.length;

      const statuses = await panel.statuses(['5001', '5002', '5003', '5004', '5005', '9999']);

      expect(Object.fromEntries(statuses)).toEqual({
        '5001': { status: 'Completed', charge: '0.9', currency: 'USD', startCount: 120, remains: 0 },
        '5002': { status: 'In progress', charge: '2.00000', currency: 'USD', startCount: 3572, remains: 157 },
        '5003': { status: 'Partial', charge: '0.45', currency: 'USD', startCount: 0, remains: -3 },
        '5004': { status: 'Awaiting moderation', charge: null, currency: null, startCount: null, remains: null },
        '5005': { status: 'Cancelled', charge: null, currency: 'USD', startCount: null, remains: null, unreadable: ['start_count "n/a"', 'remains 12.5'] },
        '9999': { error: 'Incorrect order ID' },
      });
      expect(since(before)).toEqual([{ action: 'status', params: { action: 'status', orders: '5001,5002,5003,5004,5005,9999' }, keyOk: true }]);
    });

    it('reports an id the provider left out of its answer as an error for that id', async () => {
      standIn.script('status', { json: { '6001': { status: 'Completed', charge: '1', remains: '0', start_count: '5', currency: 'USD' }, '6003': 'gone' } });

      const statuses = await panel.statuses(['6001', '6002', '6003']);

      expect(Object.fromEntries(statuses)).toEqual({
        '6001': { status: 'Completed', charge: '1', currency: 'USD', startCount: 5, remains: 0 },
        '6002': { error: NOT_REPORTED },
        '6003': { error: 'The provider sent an unreadable status for this order' },
      });
    });

    it(`carries ${STATUS_BATCH} ids in one call, and refuses more without calling the provider`, async () => {
      const ids = Array.from({ length: STATUS_BATCH + 1 }, (_, i) => String(7000 + i));
      for (const id of ids) standIn.setOrder(id, { status: 'Processing' });
      const before = standIn.requests.length;

      const statuses = await panel.statuses(ids.slice(0, STATUS_BATCH));
      expect(statuses.size).toBe(STATUS_BATCH);
      expect([...statuses.values()].every((s) => 'status' in s && s.status === 'Processing')).toBe(true);
      expect(since(before)).toHaveLength(1);
      expect(since(before)[0].params.orders.split(',')).toHaveLength(STATUS_BATCH);

      await expect(panel.statuses(ids)).rejects.toThrow(`at most ${STATUS_BATCH} order ids per call, got ${STATUS_BATCH + 1}`);
      await expect(panel.statuses(ids)).rejects.not.toBeInstanceOf(ProviderError);
      expect(since(before)).toHaveLength(1);
    });

    it('asks nothing for no ids', async () => {
      const before = standIn.requests.length;
      await expect(panel.statuses([])).resolves.toEqual(new Map());
      expect(since(before)).toEqual([]);
    });

    it('turns statuses that are not a map of orders into `unclear`', async () => {
      standIn.script('status', { json: [1, 2] });
      await expect(failureOf(panel.statuses(['1']))).resolves.toMatchObject({
        failure: 'unclear',
        message: 'The provider sent statuses that are not a map of orders',
      });
    });
  });

  describe('a hostile panel', () => {
    const MiB = 1024 * 1024;
    // These cases are about size, not time: a call timeout that megabytes over the loopback cannot
    // reach, also on a loaded machine (300 ms did not always hold for a 5 MiB status).
    let sized: ApiV2Panel;
    beforeAll(() => {
      sized = new ApiV2Panel({ url: standIn.url, key: KEY, timeoutMs: 20_000, abandonMarginMs: 30_000 });
    });

    it('bounds every text of a status answer: a 5 MiB status is read as its first 1,000 characters, control characters (NUL) removed', async () => {
      standIn.setOrder(8001, { status: 'x'.repeat(5 * MiB), currency: 'US\u0000D' });
      standIn.setOrder(8002, { status: 'In\u0000 progress\u0007', currency: 'USD' });
      standIn.setOrder(8003, { status: 'Completed' + ' '.repeat(MiB) });
      const statuses = await sized.statuses(['8001', '8002', '8003']);
      const huge = statuses.get('8001') as ProviderOrderStatus;
      expect([Array.from(huge.status ?? '').length, huge.status?.endsWith('…'), huge.currency]).toEqual([TEXT_CHARS, true, 'USD']);
      expect(statuses.get('8002')).toMatchObject({ status: 'In progress' });
      expect(statuses.get('8003')).toMatchObject({ status: 'Completed' });
    });

    it('cuts an error text to 300 characters, whether text or an object', async () => {
      standIn.script('status', { entries: { '8101': { error: 'E'.repeat(MiB) }, '8102': { error: { nested: 'n'.repeat(MiB) } } } });
      const statuses = await sized.statuses(['8101', '8102']);
      for (const id of ['8101', '8102']) {
        const { error } = statuses.get(id) as { error: string };
        expect(Array.from(error)).toHaveLength(PROVIDER_ERROR_CHARS);
      }
      standIn.script('add', { error: 'Not enough funds '.repeat(100_000) });
      const refused = await failureOf(sized.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }));
      expect(Array.from(refused.message).length).toBeLessThanOrEqual(PROVIDER_ERROR_CHARS);
    });

    it('removes the key before it cuts a text, so no part of it is left where the cut went through the key', async () => {
      const fragment = KEY.slice(0, 12);
      standIn.script('status', {
        entries: {
          '8401': { error: 'e'.repeat(PROVIDER_ERROR_CHARS - 10) + KEY },
          '8402': { status: 's'.repeat(TEXT_CHARS - 10) + KEY, start_count: 'c'.repeat(30) + KEY, charge: { k: KEY } },
        },
      });
      const statuses = await sized.statuses(['8401', '8402']);
      expect(JSON.stringify(Object.fromEntries(statuses))).not.toContain(fragment);
      standIn.script('add', { error: 'r'.repeat(PROVIDER_ERROR_CHARS - 10) + KEY });
      expect((await failureOf(sized.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }))).message).not.toContain(fragment);
      standIn.script('add', { answerId: 'i,'.repeat(15) + KEY });
      expect((await failureOf(sized.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }))).message).not.toContain(fragment);
      expect(logged.join('\n')).not.toContain(fragment);
    });

    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('answers an order whose id is %j with its own entry, in a batch and alone', async (id) => {
      standIn.setOrder(id, { status: 'In progress', charge: '1.5', start_count: '7', remains: '3' });
      standIn.setOrder(8200, { status: 'Completed' });
      const statuses = await sized.statuses([id, '8200']);
      expect(statuses.get(id)).toMatchObject({ status: 'In progress', startCount: 7, remains: 3 });
      expect(statuses.get('8200')).toMatchObject({ status: 'Completed' });
      // A panel answering one id with the single-order shape: no built-in property is taken for the id.
      standIn.script('status', { json: { charge: '1.5', start_count: '7', status: 'Partial', remains: '3', currency: 'USD' } });
      expect((await sized.statuses([id])).get(id)).toMatchObject({ status: 'Partial', remains: 3 });
    });

    it('names the values it cannot read, cut short, instead of dropping them silently; entries of the wrong shape are errors for their order only', async () => {
      standIn.script('status', {
        entries: {
          '8301': { status: { $gt: '' }, charge: [1], currency: 'USD', start_count: '1e309', remains: '9'.repeat(100) },
          '8302': ['Completed'],
          '8303': 'Completed',
        },
      });
      standIn.setOrder(8304, { status: 'Completed' });
      const statuses = await sized.statuses(['8301', '8302', '8303', '8304']);
      expect(statuses.get('8301')).toEqual({
        status: null,
        charge: null,
        currency: 'USD',
        startCount: null,
        remains: null,
        unreadable: ['status {"$gt":""}', 'charge [1]', 'start_count "1e309"', `remains "${'9'.repeat(39)}…"`],
      });
      expect(statuses.get('8302')).toEqual({ error: 'The provider sent an unreadable status for this order' });
      expect(statuses.get('8303')).toEqual({ error: 'The provider sent an unreadable status for this order' });
      expect(statuses.get('8304')).toMatchObject({ status: 'Completed' });
    });

    it.each([
      ['a list of ids', '12,13', '"12,13"'],
      ['5 KB of text', 'x'.repeat(5_000), `"${'x'.repeat(39)}…"`],
      ['an id with a line break', '12\n13', '"12\\n13"'],
      ['a negative number', -5, '-5'],
      ['an object', { $gt: 0 }, '{"$gt":0}'],
    ])('refuses an order id that cannot be one (%s) as `unclear`: it may have placed the order, staff check', async (_what, id, shown) => {
      standIn.script('add', { answerId: id as string });
      const error = await failureOf(sized.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }));
      expect(error).toMatchObject({ failure: 'unclear', message: `The provider answered with an order id that cannot be one (${shown})` });
    });

    it('bounds service names, and leaves out services with a negative min or a max under the min', async () => {
      standIn.script('services', {
        json: [
          { service: 9, name: 'N'.repeat(5 * MiB), type: 'T'.repeat(1000), category: 'C\u0000at', rate: '-1.5', min: 10, max: 100 },
          { service: 10, name: 'Negative min', rate: '1', min: -1, max: 100 },
          { service: 11, name: 'Max under min', rate: '1', min: 100, max: 10 },
          { service: '__proto__', name: 'Odd id, fine', rate: '1', min: 1, max: 2 },
        ],
      });
      const services = await sized.services();
      expect(services.map((s) => s.service)).toEqual(['9', '__proto__']);
      expect([Array.from(services[0].name).length, Array.from(services[0].type).length, services[0].category, services[0].rate]).toEqual([300, 100, 'Cat', '']);
      expect(logged.join('\n')).toContain('2 entries without a service id, min or max');
    });
  });

  describe('refill (docs/refill.md)', () => {
    it('asks a refill of one order and returns the refill id as text, whether sent as text or a number', async () => {
      standIn.setOrder('7001', { service: '1', status: 'Completed' });
      const id = await panel.refill('7001');
      expect(id).toMatch(/^\d+$/);
      expect(standIn.refills.get(id)).toMatchObject({ order: '7001', status: 'Pending' });
      expect(standIn.requests.at(-1)).toEqual({ action: 'refill', params: { action: 'refill', order: '7001' }, keyOk: true });
      standIn.script('refill', { json: { refill: 4242 } });
      expect(await panel.refill('7001')).toBe('4242');
    });

    it.each(['Incorrect request', 'Request Invalid', 'request invalid.'])('reads %j (HTTP 200) as a panel without refills: rejected and unsupported', async (words) => {
      standIn.script('refill', { error: words });
      const error = await failureOf(panel.refill('7001'));
      expect(error).toMatchObject({ failure: 'rejected', unsupported: true, message: words });
    });

    it("keeps any other refusal as the provider's words, not unsupported", async () => {
      standIn.setOrder('7002', { service: '3', status: 'Completed' }); // YouTube Views: refill false on the stand-in
      const error = await failureOf(panel.refill('7002'));
      expect(error).toMatchObject({ failure: 'rejected', unsupported: false, message: 'Refill is disabled for this service' });
    });

    it('turns an answer without a refill id, or a timeout, into `unclear` (the provider may have taken it)', async () => {
      standIn.script('refill', { json: { status: 'ok' } });
      expect(await failureOf(panel.refill('7001'))).toMatchObject({ failure: 'unclear', message: 'The provider answered without a refill id' });
      standIn.script('refill', { json: { refill: '12,13' } });
      expect((await failureOf(panel.refill('7001'))).failure).toBe('unclear');
      standIn.script('refill', { slow: TIMEOUT_MS + 300 });
      expect(await failureOf(panel.refill('7001'))).toMatchObject({ failure: 'unclear', timedOut: true });
    });

    it('asks many refill statuses in one call (refills=) and reads the list, an error per id, and ids left out', async () => {
      standIn.setRefill('901', { order: '7001', status: 'Completed' });
      standIn.setRefill('902', { order: '7001', status: 'Inprogress' });
      const answers = await panel.refillStatuses(['901', '902', '999']);
      expect(standIn.requests.at(-1)?.params).toEqual({ action: 'refill_status', refills: '901,902,999' });
      expect(answers).toEqual(
        new Map<string, unknown>([
          ['901', { status: 'Completed' }],
          ['902', { status: 'Inprogress' }],
          ['999', { error: 'Refill not found' }],
        ]),
      );
      standIn.script('refill_status', { json: [{ refill: 901, status: 'Rejected' }] });
      expect(await panel.refillStatuses(['901', '902'])).toEqual(
        new Map<string, unknown>([
          ['901', { status: 'Rejected' }],
          ['902', { error: 'The provider did not report this refill' }],
        ]),
      );
    });

    it('reads the single-refill shape, a map keyed by id, and names a status it cannot read', async () => {
      standIn.script('refill_status', { json: { status: 'Pending' } });
      expect(await panel.refillStatuses(['901'])).toEqual(new Map([['901', { status: 'Pending' }]]));
      standIn.script('refill_status', { json: { ' 901': { status: 'Completed' }, '902': 'In progress' } });
      expect(await panel.refillStatuses(['901', '902'])).toEqual(
        new Map([
          ['901', { status: 'Completed' }],
          ['902', { status: 'In progress' }],
        ]),
      );
      standIn.script('refill_status', { json: [{ refill: 901, status: { $gt: '' } }] });
      const [answer] = (await panel.refillStatuses(['901'])).values();
      expect(answer).toEqual({ error: expect.stringMatching(/^The provider sent an unreadable refill status/) });
      standIn.script('refill_status', { json: 'Completed' });
      expect((await failureOf(panel.refillStatuses(['901']))).failure).toBe('unclear');
    });

    it('reads "no such action" on refill_status as unsupported, and refuses more than 100 ids without calling', async () => {
      standIn.script('refill_status', { error: 'Incorrect request' });
      expect(await failureOf(panel.refillStatuses(['901']))).toMatchObject({ failure: 'rejected', unsupported: true });
      const calls = standIn.requests.length;
      await expect(panel.refillStatuses(Array.from({ length: STATUS_BATCH + 1 }, (_, i) => String(i + 1)))).rejects.toThrow(/at most 100 refill ids/);
      expect(standIn.requests).toHaveLength(calls);
    });
  });

  describe('balance', () => {
    it('reads the balance and its currency as text', async () => {
      await expect(panel.balance()).resolves.toEqual({ balance: '123.4500', currency: 'USD' });
    });

    it('reads a balance sent as a number', async () => {
      standIn.script('balance', { json: { balance: 7.5, currency: 'EUR' } });
      await expect(panel.balance()).resolves.toEqual({ balance: '7.5', currency: 'EUR' });
    });

    it('turns a balance that is not a number into `unclear`', async () => {
      standIn.script('balance', { json: { balance: 'lots', currency: 'USD' } });
      await expect(failureOf(panel.balance())).resolves.toMatchObject({ failure: 'unclear', message: 'The provider sent a balance that is not a number' });
    });
  });

  const calls: Array<[string, string, (p: ApiV2Panel) => Promise<unknown>]> = [
    ['services', 'services', (p) => p.services()],
    ['add', 'add', (p) => p.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 })],
    ['statuses', 'status', (p) => p.statuses(['1001', '1002'])],
    ['balance', 'balance', (p) => p.balance()],
  ];

  describe.each(calls)('%s', (_name, action, call) => {
    it('is `rejected` with "Invalid API key" under a wrong key, which is never repeated', async () => {
      const wrongKey = new ApiV2Panel({ url: standIn.url, key: 'a-wrong-key-0000', timeoutMs: TIMEOUT_MS, abandonMarginMs: 30_000 });
      const error = await failureOf(call(wrongKey));
      expect(error).toMatchObject({ failure: 'rejected', message: 'Invalid API key' });
      expect(standIn.requests.at(-1)).toMatchObject({ action, keyOk: false });
      expect(logged.join('\n')).not.toContain('a-wrong-key-0000');
    });

    it('is `unclear` when the provider is slower than the timeout, without waiting for it', async () => {
      standIn.script(action, { slow: TIMEOUT_MS + 700 });
      const started = Date.now();
      const error = await failureOf(call(panel));
      expect(error).toMatchObject({ failure: 'unclear', message: `The provider did not answer within ${TIMEOUT_MS} ms` });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 600);
    });

    it('is `unclear` on HTTP 500', async () => {
      standIn.script(action, { http: 500 });
      await expect(failureOf(call(panel))).resolves.toMatchObject({ failure: 'unclear', message: 'The provider answered HTTP 500' });
    });

    it('is `unclear` on an answer that is not JSON, whose start goes to the log', async () => {
      standIn.script(action, { garbage: true });
      await expect(failureOf(call(panel))).resolves.toMatchObject({ failure: 'unclear', message: 'The provider sent an answer that is not JSON' });
      expect(logged.join('\n')).toContain('Too many connections');
    });

    it('is `unclear` when the connection is cut without an answer', async () => {
      standIn.script(action, { hangUp: true });
      await expect(failureOf(call(panel))).resolves.toMatchObject({
        failure: 'unclear',
        message: 'The provider closed the connection without answering',
      });
    });

    it('is `rejected` with a scripted error text', async () => {
      standIn.script(action, { error: 'The panel is under maintenance' });
      await expect(failureOf(call(panel))).resolves.toMatchObject({ failure: 'rejected', message: 'The panel is under maintenance' });
    });

    it('is `unreachable` when nothing listens (nothing was sent)', async () => {
      const nowhere = new ApiV2Panel({ url: `http://127.0.0.1:${await closedPort()}/api/v2`, key: KEY, timeoutMs: TIMEOUT_MS, abandonMarginMs: 30_000 });
      const error = await failureOf(call(nowhere));
      expect(error.failure).toBe('unreachable');
      expect(error.message).toMatch(/^The provider could not be reached \(connection refused: 127\.0\.0\.1:\d+\)$/);
    });
  });

  it('is `unreachable` when the host name does not resolve', async () => {
    // A longer timeout: a slow resolver must not turn this into a timeout.
    const unknownHost = new ApiV2Panel({ url: 'http://no-such-panel.invalid/api/v2', key: KEY, timeoutMs: 10_000, abandonMarginMs: 30_000 });
    const error = await failureOf(unknownHost.balance());
    expect(error.failure).toBe('unreachable');
    expect(error.message).toMatch(/^The provider could not be reached \((unknown host|the host name could not be looked up): no-such-panel\.invalid\)$/);
  });

  it('is `unclear` on any HTTP error status, 503 too', async () => {
    standIn.script('balance', { http: 503 });
    await expect(failureOf(panel.balance())).resolves.toMatchObject({ failure: 'unclear', message: 'The provider answered HTTP 503' });
  });

  it('does not follow a redirect (a 307 would carry the key to its target): `unclear`, naming where it points', async () => {
    const elsewhere = await startProviderStandIn();
    try {
      standIn.script('balance', { redirect: elsewhere.url });
      const error = await failureOf(panel.balance());
      expect(error).toMatchObject({ failure: 'unclear' });
      expect(error.message).toBe(`The provider answered HTTP 307 (a redirect to ${elsewhere.url}, not followed: set PROVIDER_URL to the panel's API address)`);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it(`stops reading an answer over ${MAX_ANSWER_BYTES / 1024 / 1024} MiB: \`unclear\``, async () => {
    standIn.script('services', { json: 'x'.repeat(MAX_ANSWER_BYTES + 1) });
    // A timeout that 16 MiB over the loopback cannot reach, also on a loaded machine: the size decides.
    const patient = new ApiV2Panel({ url: standIn.url, key: KEY, timeoutMs: 20_000, abandonMarginMs: 30_000 });
    await expect(failureOf(patient.services())).resolves.toMatchObject({ failure: 'unclear', message: 'The provider sent an answer over 16 MiB' });
  });

  it('never puts the key in an error message, even when the provider echoes it', async () => {
    standIn.script('add', { error: `Invalid API key ${KEY}` });
    standIn.script('status', { json: { '1': { error: `key ${KEY} may not read order 1` } } });

    const refused = await failureOf(panel.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 }));
    const statuses = await panel.statuses(['1']);

    expect(refused.message).toBe('Invalid API key [key]');
    expect(statuses.get('1')).toEqual({ error: 'key [key] may not read order 1' });
  });
});
