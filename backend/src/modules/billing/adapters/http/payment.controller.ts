import type { ApiSuccess, OrderAnswer, Subscription, SubscriptionAnswer } from '@growth/contracts';
import { Body, Controller, Headers, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { AppError } from '../../../../platform/errors/app-error';
import { Clock } from '../../../../platform/time/clock';
import { SubscriptionPresenter } from '../../../subscriptions';
import { CreateOrderUseCase } from '../../application/create-order.use-case';
import { HandleWebhookUseCase } from '../../application/handle-webhook.use-case';
import { PaymentGateway } from '../../application/payment-gateway.port';
import { SandboxCheckoutUseCase } from '../../application/sandbox-checkout.use-case';
import { VOID_ANSWERS } from '../../application/order-void';
import { VerifyPaymentUseCase } from '../../application/verify-payment.use-case';
import { minorUnitExponent } from '../../../../kernel/money';
import { PaymentOrderRepository } from '../../application/payment-order.repository.port';
import { CreateOrderRequest, SandboxCheckoutRequest, VerifyPaymentRequest } from './payment.requests';

/** Where Razorpay's redirect mode posts its form (configure-app accepts form bodies there only). */
export const PAYMENT_CALLBACK_PATH = '/api/payment/callback';

/** The raw bytes the JSON parser saw (the app is created with `rawBody: true`). */
type RawBodyRequest = Request & { rawBody?: Buffer };

@ApiTags('payment')
@Controller('payment')
export class PaymentController {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly createOrder: CreateOrderUseCase,
    private readonly verifyPayment: VerifyPaymentUseCase,
    private readonly handleWebhook: HandleWebhookUseCase,
    // Null unless PAYMENTS_PROVIDER=sandbox (see billing.module).
    @Inject(SandboxCheckoutUseCase) private readonly sandboxCheckout: SandboxCheckoutUseCase | null,
    private readonly gateway: PaymentGateway,
    private readonly orders: PaymentOrderRepository,
    private readonly clock: Clock,
    private readonly presenter: SubscriptionPresenter,
  ) {}

  /** Stores an order for one tier (amount from the server's price) and answers what the checkout needs. */
  @Post('order')
  @HttpCode(200)
  @Authenticated('customer')
  @ApiOkResponse({
    description:
      "{ success: true, order: { id, amount, currency, exponent, expiresAt }, keyId, provider, description, callbackUrl }: amount in minor units, exponent the currency's decimals (ISO 4217), expiresAt when the order's price stops standing",
  })
  async order(@CurrentPrincipal() caller: Principal, @Body() body: CreateOrderRequest): Promise<ApiSuccess<OrderAnswer>> {
    const order = await this.createOrder.execute(caller, body);
    return {
      success: true as const,
      order: {
        id: order.orderId,
        amount: order.amount,
        currency: order.currency,
        // The browser formats `amount` with this (money.ts's table), never with its own idea of the currency.
        exponent: minorUnitExponent(order.currency),
        expiresAt: order.expiresAt.toISOString(),
      },
      keyId: this.gateway.keyId,
      provider: this.gateway.provider,
      description: `${order.planName} · ${order.tier.name}`,
      callbackUrl: PAYMENT_CALLBACK_PATH,
    };
  }

  @Post('verify')
  @HttpCode(200)
  @Authenticated('customer')
  @ApiOkResponse({ description: "{ success: true, message: 'Payment verified', subscription }" })
  @ApiBadRequestResponse({ description: 'A missing or wrong signature: nothing is stored.' })
  async verify(@CurrentPrincipal() caller: Principal, @Body() body: VerifyPaymentRequest): Promise<ApiSuccess<SubscriptionAnswer<Subscription>>> {
    const { subscription } = await this.verifyPayment.execute(caller, body);
    return { success: true as const, message: 'Payment verified', subscription: this.presenter.subscriptionBody(subscription, this.clock.now()) };
  }

  /** Razorpay's events (raw body signed with the webhook secret). Answers fast; 400 for a bad signature. */
  @Post('webhook')
  @HttpCode(200)
  @ApiOkResponse({ description: "{ success: true, outcome: 'completed' | 'refunded' | 'failed' | 'duplicate' | 'ignored' | 'refund_processed' | 'refund_failed' }" })
  async webhook(@Req() req: RawBodyRequest, @Headers('x-razorpay-signature') signature: string | undefined, @Headers('x-razorpay-event-id') eventId: string | undefined) {
    const outcome = await this.handleWebhook.execute(req.rawBody, signature, eventId);
    return { success: true as const, outcome };
  }

  /**
   * Redirect mode (in-app browsers that block the checkout frame): Razorpay posts the payment as a
   * form here, and the customer lands back on the pricing page with the result in the address. The
   * address carries only a code (`?payment=failed&reason=declined`), never a text: anyone can post
   * this form, so what it says (Razorpay's `error[description]` included) must not become words in
   * the shop's own dialog. The storefront shows its own sentence for each code.
   */
  @Post('callback')
  @ApiExcludeEndpoint()
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const orderId = field('razorpay_order_id') || orderIdOfError(field('error[metadata]'));
    const order = /^order_[A-Za-z0-9]{1,60}$/.test(orderId) ? await this.orders.findById(orderId) : null;
    const page = order ? `/services/${encodeURIComponent(order.planSlug)}` : '/services';
    let target: string;
    if (!field('razorpay_signature')) {
      target = `${page}?payment=failed&reason=${RETURN_REASONS.declined}`;
    } else {
      try {
        const proof = { razorpay_order_id: orderId, razorpay_payment_id: field('razorpay_payment_id'), razorpay_signature: field('razorpay_signature') };
        await this.verifyPayment.execute(null, proof, 'redirect');
        target = `${page}?payment=success&order=${encodeURIComponent(orderId)}`;
      } catch (error) {
        if (!(error instanceof AppError) || error.kind === 'bad_gateway' || error.kind === 'unavailable') throw error;
        this.logger.warn(`Redirect callback for ${orderId || 'no order'} refused: ${error.message}`);
        target = `${page}?payment=failed&reason=${returnReasonOf(error.code)}`;
      }
    }
    res.redirect(303, target);
  }

  @Post('sandbox/checkout')
  @HttpCode(200)
  @Authenticated('customer')
  @ApiOkResponse({ description: "Razorpay checkout's handler response, or { failed: true, error } like its payment.failed event" })
  @ApiNotFoundResponse({ description: 'Not the sandbox provider.' })
  async sandbox(@CurrentPrincipal() caller: Principal, @Body() body: SandboxCheckoutRequest) {
    if (!this.sandboxCheckout) throw new AppError('not_found', 'There is no sandbox checkout: payments go through Razorpay.', 'not_found');
    return { success: true as const, ...(await this.sandboxCheckout.execute(caller, body.orderId, body.outcome)) };
  }
}

/**
 * The codes the redirect back may carry (`reason=`), one per sentence the storefront has for them
 * (frontends/storefront/src/checkout/ResultDialog.tsx): a closed list, so nothing else can be put in
 * the address by us either.
 */
export const RETURN_REASONS = {
  declined: 'declined',
  notVerified: 'not_verified',
  expired: 'expired',
  withdrawn: 'withdrawn',
  alreadyPaid: 'already_paid',
} as const;

/** The reason code for an error of the verification (its AppError code). */
function returnReasonOf(code: string): string {
  if (code === VOID_ANSWERS.expired.code) return RETURN_REASONS.expired;
  if (code === VOID_ANSWERS.withdrawn.code) return RETURN_REASONS.withdrawn;
  if (code === 'order_already_paid') return RETURN_REASONS.alreadyPaid;
  return RETURN_REASONS.notVerified;
}

/** Razorpay's failed redirect carries `error[metadata]` = '{"order_id":"…","payment_id":"…"}'. */
function orderIdOfError(metadata: string): string {
  try {
    const parsed = JSON.parse(metadata) as { order_id?: unknown };
    return typeof parsed.order_id === 'string' ? parsed.order_id : '';
  } catch {
    return '';
  }
}
