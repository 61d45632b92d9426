import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { CreatePlanUseCase } from '../../application/create-plan.use-case';
import { DeletePlanUseCase } from '../../application/delete-plan.use-case';
import { DeletePricingUseCase } from '../../application/delete-pricing.use-case';
import { GetPlanUseCase } from '../../application/get-plan.use-case';
import { ListPlansUseCase } from '../../application/list-plans.use-case';
import { UpdatePlanUseCase } from '../../application/update-plan.use-case';
import { adminPlanBody, planListBody } from './plan-admin.presenter';
import { CreatePlanRequest, ListPlansRequest, PlanIdRequest, PricingIdRequest, UpdatePlanRequest } from './plan-admin.requests';

const PLAN = 'plan: { planId, name, slug, platform, status, currency, pricing: [{ pricingId, name, price, description, features, isPopular }] }';
const NOT_FOUND = "{ success: false, message: 'Plan not found', error: 'plan_not_found' }";
const DEFAULT_LIMIT = 10;

/**
 * The admin's plan screens: list, create, edit, remove a tier, delete. Every route is the admin's;
 * every write is recorded in the audit log and announced as a 'plans' change, so the pricing page
 * (GET /plans/:slug, POST /plan/getByName) shows it at once.
 */
@ApiTags('plans (admin)')
@Controller('plan')
@Authenticated('admin')
export class PlansAdminController {
  constructor(
    private readonly listPlans: ListPlansUseCase,
    private readonly getPlan: GetPlanUseCase,
    private readonly createPlan: CreatePlanUseCase,
    private readonly updatePlan: UpdatePlanUseCase,
    private readonly deletePricingTier: DeletePricingUseCase,
    private readonly deletePlanUseCase: DeletePlanUseCase,
  ) {}

  @Post('all')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, plans: [{ planId, name, slug, platform, status, currency, tiers: n, updatedAt }], pages, total, page }' })
  async all(@Body() body: ListPlansRequest) {
    const page = await this.listPlans.execute({
      page: body.page ?? 1,
      perPage: body.limit ?? DEFAULT_LIMIT,
      search: (body.search ?? '').trim(),
    });
    return planListBody(page);
  }

  @Post('getByPlanId')
  @HttpCode(200)
  @ApiOkResponse({ description: `{ success: true, ${PLAN} }` })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async getByPlanId(@Body() body: PlanIdRequest) {
    return { success: true as const, plan: adminPlanBody(await this.getPlan.execute(body.planId)) };
  }

  @Post('create')
  @HttpCode(201)
  @ApiCreatedResponse({ description: `{ success: true, ${PLAN} }` })
  @ApiBadRequestResponse({ description: "{ success: false, message: '<field> ...' }" })
  @ApiConflictResponse({ description: "{ success: false, message: 'A plan for this platform exists already.', error: 'plan_exists' }" })
  async create(@CurrentPrincipal() admin: Principal, @Body() body: CreatePlanRequest) {
    const plan = await this.createPlan.execute(admin, {
      name: body.name,
      platform: body.platform,
      status: body.status,
      currency: body.currency,
      pricing: body.pricing.map(tierInput),
    });
    return { success: true as const, plan: adminPlanBody(plan) };
  }

  /** The whole plan: tiers without pricingId are created, tiers not sent are kept (remove with /plan/deletePricing). */
  @Post('update')
  @HttpCode(200)
  @ApiOkResponse({ description: `{ success: true, ${PLAN} }` })
  @ApiNotFoundResponse({ description: "'Plan not found' | 'Pricing tier not found'" })
  async update(@CurrentPrincipal() admin: Principal, @Body() body: UpdatePlanRequest) {
    const plan = await this.updatePlan.execute(admin, body.planId, { name: body.name, status: body.status, pricing: body.pricing.map(tierInput) });
    return { success: true as const, plan: adminPlanBody(plan) };
  }

  @Post('deletePricing')
  @HttpCode(200)
  @ApiOkResponse({ description: `{ success: true, ${PLAN} } (the plan without the tier)` })
  @ApiNotFoundResponse({ description: "{ success: false, message: 'Pricing tier not found', error: 'pricing_not_found' }" })
  @ApiConflictResponse({ description: 'The last tier of a plan stays.' })
  async deletePricing(@CurrentPrincipal() admin: Principal, @Body() body: PricingIdRequest) {
    return { success: true as const, plan: adminPlanBody(await this.deletePricingTier.execute(admin, body.pricingId)) };
  }

  @Post('deletePlan')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true }' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async deletePlan(@CurrentPrincipal() admin: Principal, @Body() body: PlanIdRequest) {
    await this.deletePlanUseCase.execute(admin, body.planId);
    return { success: true as const };
  }
}

function tierInput(tier: CreatePlanRequest['pricing'][number]) {
  return {
    ...(tier.pricingId ? { pricingId: tier.pricingId } : {}),
    name: tier.name,
    price: tier.price,
    description: tier.description,
    features: tier.features,
    isPopular: tier.isPopular,
  };
}
