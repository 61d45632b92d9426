import { Injectable } from '@nestjs/common';
import { ProviderPanel } from './provider-panel.port';
import { TierMappingRepository } from './tier-mapping.repository.port';

/**
 * The fulfilment module's facade for the pricing pages: the refill guarantee each tier carries, from
 * its mapping (docs/refill.md). None while automatic fulfilment is off: no order would be placed
 * upstream, so none could be refilled.
 */
@Injectable()
export class RefillTerms {
  constructor(
    private readonly panel: ProviderPanel,
    private readonly mappings: TierMappingRepository,
  ) {}

  /** Days of guarantee by pricing id, for those of `pricingIds` that have one. */
  async daysOf(pricingIds: string[]): Promise<Map<string, number>> {
    if (!this.panel.enabled || pricingIds.length === 0) return new Map();
    return this.mappings.refillDaysOf(pricingIds);
  }
}
