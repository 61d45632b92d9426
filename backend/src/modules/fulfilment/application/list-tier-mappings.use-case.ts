import { Injectable } from '@nestjs/common';
import { type TierMapping, TierMappingRepository } from './tier-mapping.repository.port';

/** The mapped tiers of one plan, for the plan editor (a tier without a mapping is absent: manual). */
@Injectable()
export class ListTierMappingsUseCase {
  constructor(private readonly mappings: TierMappingRepository) {}

  execute(planId: string): Promise<TierMapping[]> {
    return this.mappings.findByPlan(planId);
  }
}
