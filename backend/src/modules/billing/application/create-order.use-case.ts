import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { checkPlatformProfileLink, profileLinkFormError } from '@growth/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { invalidToken } from '../../../platform/auth/auth.errors';
import { AppError } from '../../../platform/errors/app-error';
import { Clock } from '../../../platform/time/clock';
import { FindCustomerContactUseCase } from '../../identity/application/find-customer-contact.use-case';
import { FindTierForSaleUseCase } from '../../plans/application/find-tier-for-sale.use-case';
import { InvalidPriceError, UnsupportedCurrencyError, minorUnitsOf } from '../../../kernel/money';
import { purchasedTier } from '../../../kernel/purchased-tier';
import { ORDER_LIFETIME_MS, type PaymentOrder } from '../domain/payment-order';
import { PaymentGateway } from './payment-gateway.port';
import { paysNoRealMoney } from '../../../kernel/real-money';
import { PaymentOrderRepository } from './payment-order.repository.port';

export interface CreateOrderCommand {
  userId: string;
  planId: string;
  pricingId: string;
  currency?: string;
  profileLink: string;
}

/**
 * POST /payment/order: the caller buys one tier for themself. The amount comes from the tier's
 * price on the server (the browser sends none), in the minor units of the plan's currency; the order
 * is stored, with a copy of the tier, before the checkout may open. Its price stands for
 * ORDER_LIFETIME_MS (`expiresAt`): a payment after that is honoured only at the same price
 * (OrderAcceptance, docs/payments.md#order-lifetime).
 */
@Injectable()
export class CreateOrderUseCase {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly tiers: FindTierForSaleUseCase,
    private readonly customers: FindCustomerContactUseCase,
    private readonly gateway: PaymentGateway,
    private readonly orders: PaymentOrderRepository,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Principal, command: CreateOrderCommand): Promise<PaymentOrder> {
    if (caller.role !== 'customer' || caller.id !== command.userId) {
      throw new AppError('forbidden', 'You can only place orders for your own account.', 'not_your_account');
    }
    // The link's form first (no lookup for a link that cannot be one), then its platform: the
    // plan's (docs/catalogue.md, "Profile links"); what is stored is the completed URL.
    const formError = profileLinkFormError(command.profileLink);
    if (formError) throw new AppError('invalid', formError, 'invalid_profile_link');

    const { plan, tier } = await this.tiers.execute(command.planId, command.pricingId);
    const link = checkPlatformProfileLink(command.profileLink, plan.slug);
    if (!link.ok) throw new AppError('invalid', link.message, 'invalid_profile_link');
    const currency = (command.currency ?? plan.currency).toUpperCase();
    if (currency !== plan.currency) {
      throw new AppError('invalid', `currency must be ${plan.currency} for ${plan.name} packages`, 'invalid_currency');
    }
    let amount: number;
    try {
      // In the currency's own minor units (the one table of backend/src/kernel/money.ts): 19.99 KWD is 19990 fils.
      amount = minorUnitsOf(tier.price, currency);
    } catch (error) {
      if (error instanceof UnsupportedCurrencyError) {
        // A plan saved before currencies were checked: nothing can be charged in it.
        this.logger.error(`Plan ${plan.planId} is priced in ${JSON.stringify(currency)}, which the payment gateway does not take`);
        throw new AppError('conflict', 'This package cannot be bought right now. Please contact support.', 'currency_unsupported');
      }
      if (!(error instanceof InvalidPriceError)) throw error;
      this.logger.error(`Tier ${tier.pricingId} of plan ${plan.planId} has no usable price: ${JSON.stringify(tier.price)}`);
      throw new AppError('conflict', 'This package cannot be bought right now. Please contact support.', 'price_invalid');
    }
    const customer = await this.customers.execute(caller.id);
    if (!customer) throw invalidToken();

    const receipt = `rcpt_${randomBytes(12).toString('hex')}`;
    const createdAt = this.clock.now();
    const expiresAt = new Date(createdAt.getTime() + ORDER_LIFETIME_MS);
    const gatewayOrder = await this.gateway.createOrder({
      amount,
      currency,
      receipt,
      notes: { userId: customer.userId, planId: plan.planId, pricingId: tier.pricingId },
    });
    const order: PaymentOrder = {
      orderId: gatewayOrder.id,
      userId: customer.userId,
      email: customer.email,
      customerName: customer.name,
      planId: plan.planId,
      planName: plan.name,
      planSlug: plan.slug,
      tier: purchasedTier(tier, currency),
      amount,
      refundedAmount: 0,
      currency,
      profileLink: link.link,
      status: 'created',
      paymentId: null,
      failureReason: null,
      checkedAt: null,
      createdAt,
      paidAt: null,
      subscriptionId: null,
      expiresAt,
      voidReason: null,
      sandbox: paysNoRealMoney(this.gateway),
    };
    await this.orders.insert(order);
    return order;
  }
}
