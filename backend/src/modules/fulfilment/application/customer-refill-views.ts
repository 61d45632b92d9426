import type { RefillRecord } from '../../../kernel/delivery-summary';
import { type RefillOrder, type RefillView, RefillViews } from '../../subscriptions/application/refill-views.port';
import { customerMessageOf, customerRefillView, type CustomerRefillState, customerStateOf } from '../domain/refill';

/** Subscriptions' RefillViews port, answered by fulfilment's refill rules (domain/refill.ts). */
export class CustomerRefillViews extends RefillViews {
  customerView(order: RefillOrder, now: Date): RefillView | null {
    return customerRefillView(order, now);
  }

  stateOf(refill: RefillRecord): Exclude<CustomerRefillState, 'available'> {
    return customerStateOf(refill);
  }

  messageOf(refill: RefillRecord): string | null {
    return customerMessageOf(refill);
  }
}
