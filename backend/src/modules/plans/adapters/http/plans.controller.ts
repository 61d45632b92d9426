import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiNotModifiedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendCachedJson } from '../../../../platform/http/cached-json';
import { RefillTerms } from '../../../fulfilment/application/refill-terms';
import { GetPlanByNameUseCase } from '../../application/get-plan-by-name.use-case';
import { PlanResponseCache } from '../../application/plan-response.cache';
import { GetPlanByNameRequest } from './get-plan-by-name.request';
import { planByNameBody } from './plan.presenter';

const PLAN_BODY = '{ success: true, planId, pricing: PricingTier[], plan: { planId, name, slug, platform, status, currency } }';
const NOT_FOUND = '{ success: false, message: "Plan not found", error: "plan_not_found" }';

/**
 * The pricing page's plan, by plan name or platform slug (case-insensitive), in two forms with one
 * answer: POST /plan/getByName (the spec's call) and GET /plans/{name} (cacheable by the browser,
 * so index.html can preload it and a revisit costs a 304). Both use one use case, one cache of
 * serialised responses (see PlanResponseCache) and one presenter, so their bodies are the same
 * bytes. GET cache hits are usually answered by PlansFastPath before this controller.
 */
@ApiTags('plans')
@Controller()
export class PlansController {
  constructor(
    private readonly getPlanByName: GetPlanByNameUseCase,
    private readonly cache: PlanResponseCache,
    private readonly refillTerms: RefillTerms,
  ) {}

  /** The spec's lookup: the name in a JSON body. An unknown name is a 404 each time. */
  @Post('plan/getByName')
  @HttpCode(200)
  @ApiOkResponse({ description: PLAN_BODY })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async getByName(@Body() request: GetPlanByNameRequest, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(request.name, req, res);
  }

  /**
   * The same lookup as a GET, the name in the path (URI-encoded), with an ETag: a client holding
   * the current bytes gets 304 Not Modified. The pricing page calls it with its lower-cased slug.
   */
  @Get('plans/:name')
  @ApiOkResponse({ description: `${PLAN_BODY}; ETag` })
  @ApiNotModifiedResponse({ description: 'If-None-Match holds the current ETag' })
  @ApiBadRequestResponse({ description: '{ success: false, message: "name must be at most 100 characters", error: "invalid" }' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async getByPath(@Param() request: GetPlanByNameRequest, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(request.name, req, res);
  }

  private async send(name: string, req: Request, res: Response): Promise<void> {
    const cached = await this.cache.getOrLoad(this.cache.keyOf(name), async () => {
      const plan = await this.getPlanByName.execute(name);
      // Each tier's refill guarantee comes from its fulfilment mapping (a mapping change publishes 'plans').
      return Buffer.from(JSON.stringify(planByNameBody(plan, await this.refillTerms.daysOf(plan.tiers.map((tier) => tier.pricingId)))));
    });
    sendCachedJson(req, res, cached);
  }
}
