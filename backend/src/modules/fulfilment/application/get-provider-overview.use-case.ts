import { Injectable, Optional } from '@nestjs/common';
import { RefillLedger } from '../application/refill-ledger.port';
import { AppConfig } from '../../../platform/config/app-config';
import { providerUnavailable } from '../domain/fulfilment.errors';
import { askProvider, compareDecimals } from './provider-calls';
import { ProviderPanel } from './provider-panel.port';

export type ProviderOverview =
  | { provider: 'manual' }
  | {
      provider: string;
      balance: string;
      currency: string;
      threshold: string;
      low: boolean;
      /** What the panel last showed of its refill action (docs/refill.md): a refill id answered, or "no such action". */
      refill?: 'supported' | 'unsupported' | 'unknown';
      /** Said once, plainly, when the panel does not refill; null otherwise. */
      refillMessage?: string | null;
    };

export const noRefillMessage = (words: string | null) =>
  `This provider panel does not offer refills (it answered "${words ?? 'Incorrect request'}" when asked for one): customers who ask are told, and refill guarantees cannot be honoured through it.`;

/**
 * The admin dashboard's provider card: which panel, and with the api-v2 panel its balance and
 * whether it is below PROVIDER_BALANCE_WARNING (compared as exact decimals, never as floats), and
 * whether it refills (docs/refill.md).
 */
@Injectable()
export class GetProviderOverviewUseCase {
  constructor(
    private readonly panel: ProviderPanel,
    private readonly config: AppConfig,
    @Optional() private readonly refills?: RefillLedger,
  ) {}

  async execute(): Promise<ProviderOverview> {
    if (!this.panel.enabled) return { provider: 'manual' };
    const { balance, currency } = await askProvider(() => this.panel.balance());
    const threshold = this.config.fulfilment.balanceWarning;
    const comparison = compareDecimals(balance, threshold);
    if (comparison === null) {
      throw providerUnavailable(`its balance "${balance}" is not an amount`);
    }
    const support = (await this.refills?.providerSupport()) ?? { state: 'unknown' as const, at: null, words: null };
    return {
      provider: this.panel.name,
      balance,
      currency,
      threshold,
      low: comparison < 0,
      refill: support.state,
      refillMessage: support.state === 'unsupported' ? noRefillMessage(support.words) : null,
    };
  }
}
