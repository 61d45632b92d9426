import { ProviderError, ProviderPanel, type ProviderOrderStatus, type ProviderService } from '../../application/provider-panel.port';

export const MANUAL_PANEL_MESSAGE = 'Automatic fulfilment is off (FULFILMENT_PROVIDER=manual)';

/**
 * The embedded default (FULFILMENT_PROVIDER=manual): no provider panel. Nothing is ever sent;
 * staff complete orders by hand. Every call that would reach a provider fails as `unreachable`.
 */
export class ManualPanel extends ProviderPanel {
  readonly name = 'manual';
  readonly enabled = false;
  readonly callOverAfterMs = 0;

  services(): Promise<ProviderService[]> {
    return this.off();
  }

  add(_order: { service: string; link: string; quantity: number }): Promise<string> {
    return this.off();
  }

  statuses(_upstreamOrderIds: string[]): Promise<Map<string, ProviderOrderStatus | { error: string }>> {
    return this.off();
  }

  balance(): Promise<{ balance: string; currency: string }> {
    return this.off();
  }

  refill(_upstreamOrderId: string): Promise<string> {
    return this.off();
  }

  refillStatuses(_upstreamRefillIds: string[]): Promise<Map<string, { status: string | null } | { error: string }>> {
    return this.off();
  }

  private off(): Promise<never> {
    return Promise.reject(new ProviderError('unreachable', MANUAL_PANEL_MESSAGE));
  }
}
