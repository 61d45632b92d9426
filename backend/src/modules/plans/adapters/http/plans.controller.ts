import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetPlanByNameUseCase } from '../../application/get-plan-by-name.use-case';
import { GetPlanByNameRequest } from './get-plan-by-name.request';
import { planByNameBody } from './plan.presenter';

@ApiTags('plans')
@Controller('plan')
export class PlansController {
  constructor(private readonly getPlanByName: GetPlanByNameUseCase) {}

  /** The pricing page's plan, by plan name or platform slug (case-insensitive). */
  @Post('getByName')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, planId, pricing: PricingTier[], plan }' })
  @ApiNotFoundResponse({ description: '{ success: false, message: "Plan not found", error: "plan_not_found" }' })
  async getByName(@Body() request: GetPlanByNameRequest) {
    return planByNameBody(await this.getPlanByName.execute(request.name));
  }
}
