import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { AppError } from '../../../platform/errors/app-error';
import { askProvider, compareDecimals } from './provider-calls';
import { ProviderPanel } from './provider-panel.port';

export type ProviderOverview =
  | { provider: 'manual' }
  | { provider: string; balance: string; currency: string; threshold: string; low: boolean };

/**
 * The admin dashboard's provider card: which panel, and with the api-v2 panel its balance and
 * whether it is below PROVIDER_BALANCE_WARNING (compared as exact decimals, never as floats).
 */
@Injectable()
export class GetProviderOverviewUseCase {
  constructor(
    private readonly panel: ProviderPanel,
    private readonly config: AppConfig,
  ) {}

  async execute(): Promise<ProviderOverview> {
    if (!this.panel.enabled) return { provider: 'manual' };
    const { balance, currency } = await askProvider(() => this.panel.balance());
    const threshold = this.config.fulfilment.balanceWarning;
    const comparison = compareDecimals(balance, threshold);
    if (comparison === null) {
      throw new AppError('bad_gateway', `The provider panel did not answer: its balance "${balance}" is not an amount`, 'provider_unavailable');
    }
    return { provider: this.panel.name, balance, currency, threshold, low: comparison < 0 };
  }
}
