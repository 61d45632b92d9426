import type {
  AdminFulfilment,
  AdminRefill,
  AdminRefillEntry,
  AdminSubscription,
  DeliveryProgress,
  Subscription as SubscriptionBody,
  SubscriptionRefill,
  SubscriptionRefund,
} from '@growth/contracts';
import { Injectable } from '@nestjs/common';
import type { RefillRecord, SubscriptionRefills } from '../../../../kernel/delivery-summary';
import { REFILL_HISTORY } from '../../../../kernel/refill-history';
import { isPlausibleRemains, isPlausibleStartCount, normalWord } from '../../../../kernel/upstream-facts';
import { RefillViews } from '../../application/refill-views.port';
import { orderMargin } from '../../domain/margin';
import { SUBSCRIPTION_STATUS_TEXT, type Subscription } from '../../domain/subscription';
import { ORDER_STATUS } from '../../../../kernel/order-status';
import { withoutBidiControls } from '../../../../kernel/bidi-controls';
import { refundedInFull } from '../../domain/refund-summary';

/**
 * How a subscription is shown in an API answer, by the subscriptions routes and by billing's and
 * fulfilment's routes that answer with one (index.ts). The refill card's rules come through the
 * RefillViews port (fulfilment implements it).
 */
@Injectable()
export class SubscriptionPresenter {
  constructor(private readonly refillViews: RefillViews) {}

  /**
   * A subscription as the API shows it (docs/product.md#data-shapes: _id, subscriptionId, planName, profileLink, orderId,
   * paymentId, createdAt, Status, pricing, user), built from an explicit list of fields, with
   * `statusText` (the words for Status; null for a Status without words) and `progress` (docs/fulfilment.md:
   * the upstream start count, remains and quantity, once the provider has reported a start count or
   * remains; null before and on the manual path). Nothing else of the fulfilment reaches a customer:
   * no upstream order id, status text, charge or note.
   *
   * `now` is the app's clock (the Clock port), never the wall clock: the refill's canRequest, ended
   * and nextRequestAt are judged at it, so a card and the refill route, which decides by the same
   * clock, always agree (docs/refill.md, "Where this differs").
   */
  subscriptionBody(s: Subscription, now: Date): SubscriptionBody {
    return {
      _id: s.subscriptionId,
      subscriptionId: s.subscriptionId,
      planName: s.planName,
      profileLink: s.profileLink,
      orderId: s.orderId,
      paymentId: s.paymentId,
      createdAt: s.createdAt.toISOString(),
      Status: s.status,
      statusText: SUBSCRIPTION_STATUS_TEXT[s.status] ?? null,
      pricing: {
        pricingId: s.pricing.pricingId,
        name: s.pricing.name,
        price: s.pricing.price,
        description: s.pricing.description,
        features: [...s.pricing.features],
        isPopular: s.pricing.isPopular,
        currency: s.pricing.currency,
      },
      progress: progressOf(s),
      refund: refundOf(s),
      refill: this.customerRefillOf(s, now),
      user: s.userId,
    };
  }

  /**
   * A row of the admin's task list, and what POST /admin/upStatus answers: the subscription, its
   * customer (id, and the name and e-mail at purchase), and its fulfilment for staff (null on the
   * manual path): state, upstream service, quantity, order id, raw status text, charge, start count,
   * remains, note, times, and the margin (price − refunded − upstream cost, docs/refunds.md); and the
   * refund summary with staff's extras (what is still refundable, the open request, the last failure).
   * `now`: the app's clock, as for subscriptionBody.
   */
  adminSubscriptionBody(s: Subscription, now: Date): AdminSubscription {
    return {
      ...this.subscriptionBody(s, now),
      // The name as copied at purchase, perhaps before names were kept without bidi controls (docs/security.md#text-entered-by-customers).
      customer: { userId: s.userId, name: withoutBidiControls(s.customerName), email: s.customerEmail },
      // Staff only: paid with no real money (docs/payments.md#sandbox-orders).
      sandbox: s.sandbox,
      fulfilment: adminFulfilmentOf(s),
      // Staff read every request, the automatic ones waiting for them too (docs/refunds.md).
      refund: s.refund
        ? { ...refundBody(s.refund), requestState: s.refund.staffRequestState, refundable: s.refund.refundable, requestId: s.refund.requestId, failure: s.refund.failure }
        : null,
      refill: this.adminRefillOf(s, now),
    };
  }

  /**
   * The refill guarantee as the customer's card reads it (docs/refill.md, "Bodies"): null when the
   * order was bought without one; otherwise the latest refill's state ('available' before any), the
   * guarantee's end, whether a refill can be asked now and, if not yet, when; a plain sentence when
   * the provider refused. Nothing of the provider's words reaches the customer.
   */
  private customerRefillOf(s: Subscription, now: Date): SubscriptionRefill | null {
    const view = this.refillViews.customerView(
      { status: s.status, upstreamOrderId: s.fulfilment?.upstreamOrderId ?? null, refills: s.refills ?? NO_REFILLS, refundedInFull: refundedInFull(s.refund) },
      now,
    );
    if (!view) return null;
    return {
      state: view.state,
      days: view.days,
      requestedAt: iso(view.requestedAt),
      settledAt: iso(view.settledAt),
      until: iso(view.until),
      ended: view.ended,
      canRequest: view.canRequest,
      nextRequestAt: iso(view.nextRequestAt),
      message: view.message,
    };
  }

  /**
   * The refills as staff read them: the customer's view (or, for an order without a guarantee that
   * staff refilled, the same fields with days 0 and canRequest false), whether the latest needs
   * review, and the newest 20 with the provider's ids, raw words and refusals. Null: no guarantee and
   * no refill.
   */
  private adminRefillOf(s: Subscription, now: Date): AdminRefill | null {
    const refills = s.refills ?? NO_REFILLS;
    const history = refills.history.slice(0, REFILL_HISTORY);
    const customer = this.customerRefillOf(s, now);
    if (!customer && history.length === 0) return null;
    const latest = history[0] ?? null;
    const base = customer ?? {
      state: latest ? this.refillViews.stateOf(latest) : ('available' as const),
      days: 0,
      requestedAt: iso(latest?.requestedAt ?? null),
      settledAt: latest && (latest.state === 'completed' || latest.state === 'rejected') ? iso(latest.settledAt) : null,
      until: null,
      ended: false,
      canRequest: false,
      nextRequestAt: null,
      message: latest ? this.refillViews.messageOf(latest) : null,
    };
    return { ...base, review: latest?.state === 'review', history: history.map(historyEntry) };
  }
}

const iso = (at: Date | null) => at?.toISOString() ?? null;
const NO_REFILLS: SubscriptionRefills = { days: 0, completedAt: null, history: [] };

function historyEntry(r: RefillRecord): AdminRefillEntry {
  return {
    id: r.refillId,
    state: r.state,
    actor: r.actor,
    requestedAt: r.requestedAt.toISOString(),
    settledAt: iso(r.settledAt),
    checkedAt: iso(r.checkedAt),
    upstreamRefillId: r.upstreamRefillId,
    upstreamStatus: r.upstreamStatus,
    failure: r.failure,
    review: r.state === 'review',
  };
}

/** The order's refunds as the customer sees them (docs/refunds.md); null: no refund and no request. */
function refundOf(s: Subscription): SubscriptionRefund | null {
  return s.refund ? refundBody(s.refund) : null;
}

function refundBody(r: NonNullable<Subscription['refund']>): SubscriptionRefund {
  return {
    state: r.state,
    requested: r.requested,
    refunded: r.refunded,
    currency: r.currency,
    refundedAt: r.refundedAt,
    requestState: r.requestState,
    message: r.message,
  };
}

/**
 * The provider's progress, only as far as it can be true (docs/fulfilment.md): a start count from 0
 * to 10^11 and remains from 0 to the quantity ordered, each shown or null on its own; none left:
 * no progress. Whatever is stored (a row from before the sync pass checked, a hand edit), a customer
 * never reads a negative, absurd or impossible number.
 */
function progressOf(s: Subscription): DeliveryProgress | null {
  const f = s.fulfilment;
  if (!f || !Number.isSafeInteger(f.quantity) || f.quantity < 1) return null;
  // A Pending order reported with start count 0 and 0 remaining has not started: nothing to show.
  if (f.upstreamStatus !== null && normalWord(f.upstreamStatus.trim()) === 'pending' && f.startCount === 0 && f.remains === 0) return null;
  // Cards that tell the truth (docs/fulfilment.md#what-a-card-says): a Canceled or Refunded order has
  // no delivery line (its refund says what came back); a start count of 0 is the panel's "never
  // typed in"; remains 0 on an order not finished is the panel's placeholder, not "all delivered".
  if (s.status === ORDER_STATUS.Canceled || s.status === ORDER_STATUS.Refunded) return null;
  const startCount = isPlausibleStartCount(f.startCount) && f.startCount !== 0 ? f.startCount : null;
  const unfinished = s.status === ORDER_STATUS.InProcess;
  const remains = isPlausibleRemains(f.remains, f.quantity) && !(unfinished && f.remains === 0) ? f.remains : null;
  if (startCount === null && remains === null) return null;
  return { startCount, remains, quantity: f.quantity };
}

function adminFulfilmentOf(s: Subscription): AdminFulfilment | null {
  const f = s.fulfilment;
  if (!f) return null;
  return {
    state: f.state,
    serviceId: f.serviceId,
    serviceName: f.serviceName,
    quantity: f.quantity,
    upstreamOrderId: f.upstreamOrderId,
    upstreamStatus: f.upstreamStatus,
    charge: f.charge,
    currency: f.currency,
    startCount: f.startCount,
    remains: f.remains,
    note: f.note,
    queuedAt: f.queuedAt.toISOString(),
    placedAt: f.placedAt?.toISOString() ?? null,
    checkedAt: f.checkedAt?.toISOString() ?? null,
    margin: orderMargin(s.pricing, f, s.status, s.refund?.requested ?? null),
  };
}
