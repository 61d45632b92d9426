import { AppError } from '../../../platform/errors/app-error';
import type { Plan } from '../domain/plan';
import { GetPlanByNameUseCase } from './get-plan-by-name.use-case';
import { PlanRepository, type PlanSummary } from './plan.repository.port';

/** In-memory PlanRepository with the real matching rule: slug first, then name, ignoring case. */
class InMemoryPlanRepository extends PlanRepository {
  constructor(readonly plans: Plan[]) {
    super();
  }

  async findByNameOrSlug(nameOrSlug: string): Promise<Plan | null> {
    const key = nameOrSlug.trim().toLowerCase();
    return this.plans.find((p) => p.slug === key) ?? this.plans.find((p) => p.name.toLowerCase() === key) ?? null;
  }

  async findById(planId: string): Promise<Plan | null> {
    return this.plans.find((p) => p.planId === planId) ?? null;
  }

  // The lookup only reads; the admin's list and writes are covered by their API spec.
  pageForAdmin(): Promise<{ items: PlanSummary[]; total: number }> {
    throw new Error('not used by GetPlanByNameUseCase');
  }

  findForChange(planId: string): Promise<Plan | null> {
    return this.findById(planId);
  }

  findPlanIdOfTier(): Promise<string | null> {
    throw new Error('not used by GetPlanByNameUseCase');
  }

  create(): Promise<Plan> {
    throw new Error('not used by GetPlanByNameUseCase');
  }

  saveChanges(): Promise<Plan | null> {
    throw new Error('not used by GetPlanByNameUseCase');
  }

  deleteTier(): Promise<boolean> {
    throw new Error('not used by GetPlanByNameUseCase');
  }

  delete(): Promise<boolean> {
    throw new Error('not used by GetPlanByNameUseCase');
  }
}

const plan = (name: string, platform = name): Plan => ({
  planId: `plan-${platform.toLowerCase()}`,
  name,
  slug: platform.toLowerCase(),
  platform,
  status: 'Active',
  currency: 'USD',
  tiers: [{ pricingId: 't1', name: 'Starter', price: '9.99', description: 'First steps', features: ['100 followers'], isPopular: false, position: 0 }],
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('GetPlanByNameUseCase', () => {
  const useCase = new GetPlanByNameUseCase(new InMemoryPlanRepository([plan('YouTube'), plan('LinkedIn')]));

  it.each(['YouTube', 'youtube', 'YOUTUBE', '  youtube  '])('finds the plan by %j', async (name) => {
    await expect(useCase.execute(name)).resolves.toMatchObject({ planId: 'plan-youtube', slug: 'youtube' });
  });

  it('refuses an unknown plan with not_found / plan_not_found / "Plan not found"', async () => {
    const failure = useCase.execute('spotify');
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ kind: 'not_found', code: 'plan_not_found', message: 'Plan not found' });
  });
});
