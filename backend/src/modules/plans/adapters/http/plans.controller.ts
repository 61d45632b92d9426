import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendCachedJson } from '../../../../platform/http/cached-json';
import { GetPlanByNameUseCase } from '../../application/get-plan-by-name.use-case';
import { PlanResponseCache } from '../../application/plan-response.cache';
import { GetPlanByNameRequest } from './get-plan-by-name.request';
import { planByNameBody } from './plan.presenter';

@ApiTags('plans')
@Controller('plan')
export class PlansController {
  constructor(
    private readonly getPlanByName: GetPlanByNameUseCase,
    private readonly cache: PlanResponseCache,
  ) {}

  /**
   * The pricing page's plan, by plan name or platform slug (case-insensitive). Answered from the
   * cache of serialised responses (see PlanResponseCache); an unknown name is a 404 each time.
   */
  @Post('getByName')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ success: true, planId, pricing: PricingTier[], plan }' })
  @ApiNotFoundResponse({ description: '{ success: false, message: "Plan not found", error: "plan_not_found" }' })
  async getByName(@Body() request: GetPlanByNameRequest, @Req() req: Request, @Res() res: Response): Promise<void> {
    const cached = await this.cache.getOrLoad(this.cache.keyOf(request.name), async () =>
      Buffer.from(JSON.stringify(planByNameBody(await this.getPlanByName.execute(request.name)))),
    );
    sendCachedJson(req, res, cached);
  }
}
