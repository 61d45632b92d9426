import { Logger } from '@nestjs/common';
import { ManualClock } from '../../../../test/support/fakes';
import { InMemoryLedger, ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import { duplicateNote, PlaceOrderUseCase } from './place-order.use-case';
import { ProviderError } from './provider-panel.port';

describe('PlaceOrderUseCase (the place-order job)', () => {
  let ledger: InMemoryLedger;
  let panel: ScriptedPanel;
  let clock: ManualClock;
  let useCase: PlaceOrderUseCase;
  let errors: jest.SpyInstance;

  beforeEach(() => {
    ledger = new InMemoryLedger();
    panel = new ScriptedPanel();
    clock = new ManualClock();
    useCase = new PlaceOrderUseCase(ledger, panel, clock);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  async function queuedOrder() {
    const s = ledger.add({ profileLink: 'https://www.youtube.com/@ann' });
    await ledger.queue(s.subscriptionId, { serviceId: '7', quantity: 1000 }, clock.now());
    return s.subscriptionId;
  }

  it("places the order once with the tier's service, the profile link and the quantity, and stores the provider's order id", async () => {
    const id = await queuedOrder();
    panel.addAnswers.push('4711');
    clock.advance(1_000);
    expect(await useCase.execute(id)).toEqual({ outcome: 'placed', upstreamOrderId: '4711' });
    expect(panel.adds).toEqual([{ service: '7', link: 'https://www.youtube.com/@ann', quantity: 1000 }]);
    expect(ledger.get(id).fulfilment).toMatchObject({ state: 'open', upstreamOrderId: '4711', placedAt: clock.now() });
  });

  it('sends a profile link with non-ASCII characters in ASCII, as a browser does (docs/fulfilment.md#links-in-ascii)', async () => {
    const s = ledger.add({ profileLink: 'https://www.youtube.com/@café…' });
    await ledger.queue(s.subscriptionId, { serviceId: '7', quantity: 1000 }, clock.now());
    panel.addAnswers.push('4712');
    expect(await useCase.execute(s.subscriptionId)).toEqual({ outcome: 'placed', upstreamOrderId: '4712' });
    expect(panel.adds).toEqual([{ service: '7', link: 'https://www.youtube.com/@caf%C3%A9%E2%80%A6', quantity: 1000 }]);
    expect(ledger.get(s.subscriptionId).profileLink).toBe('https://www.youtube.com/@café…');
  });

  it("sends an order the provider answered with another order's id to review, its note naming that order; the first keeps the id", async () => {
    const first = await queuedOrder();
    const second = await queuedOrder();
    panel.addAnswers.push('4711', '4711');
    await useCase.execute(first);

    const outcome = await useCase.execute(second);

    const note = `The provider answered with order id 4711, which is already order ${ledger.get(first).orderId}'s: it may not have placed this one. Check its panel, then link this order's own id, retry or cancel.`;
    expect(outcome).toEqual({ outcome: 'needs_review', note });
    expect(duplicateNote('4711', { subscriptionId: first, orderId: ledger.get(first).orderId })).toBe(note);
    expect(ledger.get(second).fulfilment).toMatchObject({ state: 'needs_review', upstreamOrderId: null, note });
    expect(ledger.get(first).fulfilment).toMatchObject({ state: 'open', upstreamOrderId: '4711' });
    expect(panel.adds).toHaveLength(2);
  });

  it('claims the order before the call: the order is `placing` while the provider is asked', async () => {
    const id = await queuedOrder();
    let stateDuringCall: string | undefined;
    panel.add = async (order) => {
      stateDuringCall = ledger.get(id).fulfilment?.state;
      panel.adds.push(order);
      return '1';
    };
    await useCase.execute(id);
    expect(stateDuringCall).toBe('placing');
  });

  it('does nothing for an order that is not queued (taken by another job, cancelled, manual)', async () => {
    const id = await queuedOrder();
    await useCase.execute(id);
    expect(await useCase.execute(id)).toEqual({ outcome: 'not_queued' });
    expect(await useCase.execute(ledger.add().subscriptionId)).toEqual({ outcome: 'not_queued' });
    expect(panel.adds).toHaveLength(1);
  });

  it('puts an order the provider could not be reached for back in the queue, with the problem as note', async () => {
    const id = await queuedOrder();
    panel.addAnswers.push(new ProviderError('unreachable', 'The provider could not be reached (connection refused)'));
    clock.advance(5_000);
    const result = await useCase.execute(id);
    expect(result).toEqual({ outcome: 'requeued', note: 'The provider could not be reached (connection refused); the order is tried again.' });
    expect(ledger.get(id).fulfilment).toMatchObject({
      state: 'queued',
      queuedAt: clock.now(),
      note: 'The provider could not be reached (connection refused); the order is tried again.',
    });
  });

  it("sends an order the provider refused to review with the provider's text", async () => {
    const id = await queuedOrder();
    panel.addAnswers.push(new ProviderError('rejected', 'Not enough funds on balance'));
    expect(await useCase.execute(id)).toEqual({ outcome: 'needs_review', note: 'The provider refused the order: Not enough funds on balance' });
    expect(ledger.get(id).fulfilment).toMatchObject({ state: 'needs_review', note: 'The provider refused the order: Not enough funds on balance' });
  });

  it.each([
    [new ProviderError('unclear', 'The provider did not answer within 15 s')],
    [new ProviderError('unclear', 'The provider answered HTTP 500')],
    [new Error('something the adapter did not expect')],
  ])('never places again after an unclear answer (%s): review, not retry', async (error) => {
    const id = await queuedOrder();
    panel.addAnswers.push(error);
    const result = await useCase.execute(id);
    expect(result).toEqual({ outcome: 'needs_review', note: `${error.message}: it may have placed the order. Check its panel, then link the order, retry or cancel.` });
    expect(ledger.get(id).fulfilment?.state).toBe('needs_review');
    expect(await useCase.execute(id)).toEqual({ outcome: 'not_queued' });
    expect(panel.adds).toHaveLength(1);
  });

  it("logs the provider's order id loudly and leaves it for staff when storing it fails after the order was placed", async () => {
    const id = await queuedOrder();
    panel.addAnswers.push('8080');
    ledger.failMarkPlaced = true;
    expect(await useCase.execute(id)).toEqual({ outcome: 'placed', upstreamOrderId: '8080' });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('WAS PLACED upstream as provider order 8080'), expect.anything());
    expect(ledger.get(id).fulfilment).toMatchObject({ state: 'needs_review', note: expect.stringContaining('Placed upstream as order 8080') });
  });

  it('waits, without claiming, while the panel is off (manual)', async () => {
    const id = await queuedOrder();
    useCase = new PlaceOrderUseCase(ledger, new ScriptedPanel(false), clock);
    expect(await useCase.execute(id)).toEqual({ outcome: 'panel_off' });
    expect(ledger.get(id).fulfilment?.state).toBe('queued');
  });
});
