import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { FindTierForSaleUseCase } from '../../plans/application/find-tier-for-sale.use-case';
import { InvalidPriceError, UnsupportedCurrencyError, minorUnitsOf } from '../../../kernel/money';
import { isExpiredAt, type PaymentOrder, type VoidReason } from '../domain/payment-order';

/** What plans answers for a tier that is not for sale any more (FindTierForSaleUseCase). */
const NOT_FOR_SALE = new Set(['plan_not_found', 'pricing_not_found', 'plan_not_on_sale']);

/**
 * Whether a payment for an order is honoured (docs/payments.md#order-lifetime). The offer is
 * read again from plans when the payment comes in:
 * - the plan is no longer Active, or the tier is gone: `withdrawn`, whenever the payment was made;
 * - the payment was made after the order's lifetime and the tier's price or currency is not what
 *   the order was made at: `expired`;
 * - otherwise (within the lifetime, or later at the same price) it is honoured: null.
 * A refused payment is never kept: CompletePayment refunds it in full.
 */
@Injectable()
export class OrderAcceptance {
  constructor(private readonly tiers: FindTierForSaleUseCase) {}

  async refusal(order: PaymentOrder, paymentMadeAt: Date): Promise<VoidReason | null> {
    let current;
    try {
      current = await this.tiers.execute(order.planId, order.tier.pricingId);
    } catch (error) {
      if (error instanceof AppError && NOT_FOR_SALE.has(error.code)) return 'withdrawn';
      throw error;
    }
    if (!isExpiredAt(order, paymentMadeAt)) return null;
    return sameOffer(order, current.plan.currency, current.tier.price) ? null : 'expired';
  }
}

function sameOffer(order: PaymentOrder, currency: string, price: string): boolean {
  if (currency !== order.currency) return false;
  try {
    return minorUnitsOf(price, currency) === order.amount;
  } catch (error) {
    if (error instanceof InvalidPriceError || error instanceof UnsupportedCurrencyError) return false;
    throw error;
  }
}
