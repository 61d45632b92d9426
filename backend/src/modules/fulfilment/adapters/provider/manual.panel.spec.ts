import { ProviderError } from '../../application/provider-panel.port';
import { MANUAL_PANEL_MESSAGE, ManualPanel } from './manual.panel';

describe('ManualPanel (FULFILMENT_PROVIDER=manual)', () => {
  const panel = new ManualPanel();

  it('is the disabled manual panel', () => {
    expect(panel.name).toBe('manual');
    expect(panel.enabled).toBe(false);
  });

  it.each([
    ['services', () => panel.services()],
    ['add', () => panel.add({ service: '1', link: 'https://instagram.com/x', quantity: 100 })],
    ['statuses', () => panel.statuses(['1'])],
    ['balance', () => panel.balance()],
  ])('refuses %s as unreachable, saying automatic fulfilment is off', async (_name, call) => {
    const error = await call().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ failure: 'unreachable', message: 'Automatic fulfilment is off (FULFILMENT_PROVIDER=manual)' });
    expect(MANUAL_PANEL_MESSAGE).toBe((error as Error).message);
  });
});
