import { ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import type { AppConfig } from '../../../platform/config/app-config';
import { GetProviderOverviewUseCase } from './get-provider-overview.use-case';
import { ListProviderServicesUseCase } from './list-provider-services.use-case';
import { compareDecimals } from './provider-calls';
import { ProviderError } from './provider-panel.port';
import type { RefillLedger } from '../application/refill-ledger.port';

const config = (balanceWarning: string) => ({ fulfilment: { balanceWarning } }) as AppConfig;

describe('GetProviderOverviewUseCase and ListProviderServicesUseCase', () => {
  it.each([
    ['9.9999', '10', true],
    ['10.00', '10', false],
    ['10.0001', '10', false],
    ['123.4500', '10', false],
    ['0', '0.01', true],
    ['-5.00', '10', true],
  ])('balance %s against a warning at %s: low %s', async (balance, threshold, low) => {
    const panel = new ScriptedPanel();
    panel.balance_ = { balance, currency: 'USD' };
    expect(await new GetProviderOverviewUseCase(panel, config(threshold)).execute()).toEqual({
      provider: 'api-v2',
      balance,
      currency: 'USD',
      threshold,
      low,
      refill: 'unknown',
      refillMessage: null,
    });
  });

  it('says whether the panel refills, from what it last answered (docs/refill.md)', async () => {
    const support = { state: 'unsupported', at: new Date(), words: 'Request Invalid' };
    const refills = { providerSupport: async () => support } as unknown as RefillLedger;
    const overview = () => new GetProviderOverviewUseCase(new ScriptedPanel(), config('10'), refills).execute();
    expect(await overview()).toMatchObject({
      refill: 'unsupported',
      refillMessage: expect.stringMatching(/^This provider panel does not offer refills \(it answered "Request Invalid" when asked for one\)/),
    });
    Object.assign(support, { state: 'supported', words: null });
    expect(await overview()).toMatchObject({ refill: 'supported', refillMessage: null });
  });

  it('says manual, without asking anything, with the manual panel', async () => {
    expect(await new GetProviderOverviewUseCase(new ScriptedPanel(false), config('10')).execute()).toEqual({ provider: 'manual' });
    expect(await new ListProviderServicesUseCase(new ScriptedPanel(false)).execute()).toEqual({ provider: 'manual', services: [] });
  });

  it("answers 502 with the provider's trouble", async () => {
    const panel = new ScriptedPanel();
    panel.balance_ = new ProviderError('rejected', 'Invalid API key');
    panel.services_ = new ProviderError('unclear', 'The provider answered HTTP 500');
    await expect(new GetProviderOverviewUseCase(panel, config('10')).execute()).rejects.toMatchObject({
      kind: 'bad_gateway',
      message: 'The provider panel did not answer: Invalid API key',
    });
    await expect(new ListProviderServicesUseCase(panel).execute()).rejects.toMatchObject({
      kind: 'bad_gateway',
      message: 'The provider panel did not answer: The provider answered HTTP 500',
    });
  });

  it('compares decimal texts exactly', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('100000000000000000001', '100000000000000000000')).toBe(1);
    expect(compareDecimals('-0.00', '0')).toBe(0);
    expect(compareDecimals('-2', '-10')).toBe(1);
    expect(compareDecimals('abc', '1')).toBeNull();
  });
});
