import { randomUUID } from 'node:crypto';
import { FulfilmentIntake } from '../../src/modules/fulfilment/application/fulfilment-intake';
import { ProviderError, ProviderPanel, type ProviderOrderStatus, type ProviderService } from '../../src/modules/fulfilment/application/provider-panel.port';
import { type TierMapping, TierMappingRepository } from '../../src/modules/fulfilment/application/tier-mapping.repository.port';
import {
  type ClaimedPlacement,
  FulfilmentLedger,
  type OpenUpstreamOrder,
  type UpstreamOrderHolder,
  UpstreamOrderTaken,
  type UpstreamUpdate,
} from '../../src/modules/fulfilment/application/fulfilment-ledger.port';
import { FULFILMENT_MOVES, type FulfilmentMove, mayMakeMove, queuedFulfilment, type UpstreamTarget } from '../../src/modules/fulfilment/domain/fulfilment';
import type { Subscription } from '../../src/modules/subscriptions/domain/subscription';
import { type EnqueueOptions, JobQueue, type QueueName, type ServiceState } from '../../src/platform/queue/job-queue.port';
import { InlineUnitOfWork } from '../support/fakes';

/** Doubles of the fulfilment module's ports (and the ledger it uses), for the use-case unit specs. */

/**
 * An InlineUnitOfWork that keeps afterCommit callbacks until the outermost `run` succeeds (and drops
 * them when it throws), as the real one does; outside `run` they run at once.
 */
export class CommittingUnitOfWork extends InlineUnitOfWork {
  private pending: Array<() => void> = [];

  override async run<T>(work: () => Promise<T>): Promise<T> {
    const outermost = !this.inside;
    try {
      const result = await super.run(work);
      if (outermost) for (const callback of this.pending.splice(0)) callback();
      return result;
    } finally {
      if (outermost) this.pending = [];
    }
  }

  override afterCommit(callback: () => void): void {
    if (this.inside) this.pending.push(callback);
    else callback();
  }
}

type Scripted<T> = T | ProviderError | Error;

/** A provider panel that answers as the spec scripts it and records what it was asked. */
export class ScriptedPanel extends ProviderPanel {
  readonly name: string;
  /** A call timeout of 1.5 s plus the default abandon margin of 30 s. */
  readonly callOverAfterMs = 1_500 + 30_000;
  readonly adds: Array<{ service: string; link: string; quantity: number }> = [];
  readonly statusCalls: string[][] = [];
  /** Answers of the next `add` calls, first in first out; when empty, an order id counting up from 1000. */
  readonly addAnswers: Array<Scripted<string>> = [];
  /** Answers of the next `statuses` calls; when empty, `statusOf` answers each id. */
  readonly statusAnswers: Array<Scripted<Map<string, ProviderOrderStatus | { error: string }>>> = [];
  statusOf: (id: string) => ProviderOrderStatus | { error: string } = () => ({ status: 'In progress', charge: null, currency: null, startCount: null, remains: null });
  services_: Scripted<ProviderService[]> = [];
  balance_: Scripted<{ balance: string; currency: string }> = { balance: '100.00', currency: 'USD' };
  private nextOrder = 1000;

  constructor(readonly enabled = true) {
    super();
    this.name = enabled ? 'api-v2' : 'manual';
  }

  async services(): Promise<ProviderService[]> {
    return answer(this.services_);
  }

  async add(order: { service: string; link: string; quantity: number }): Promise<string> {
    this.adds.push(order);
    return answer(this.addAnswers.length ? (this.addAnswers.shift() as Scripted<string>) : String(this.nextOrder++));
  }

  async statuses(ids: string[]): Promise<Map<string, ProviderOrderStatus | { error: string }>> {
    this.statusCalls.push([...ids]);
    if (this.statusAnswers.length) return answer(this.statusAnswers.shift() as Scripted<Map<string, ProviderOrderStatus | { error: string }>>);
    return new Map(ids.map((id) => [id, this.statusOf(id)]));
  }

  async balance(): Promise<{ balance: string; currency: string }> {
    return answer(this.balance_);
  }

  readonly refillCalls: string[] = [];
  /** Answers of the next `refill` calls; when empty, a refill id counting up from 500. */
  readonly refillAnswers: Array<Scripted<string>> = [];
  readonly refillStatusCalls: string[][] = [];
  refillStatusOf: (id: string) => { status: string | null } | { error: string } = () => ({ status: 'Pending' });
  private nextRefill = 500;

  async refill(upstreamOrderId: string): Promise<string> {
    this.refillCalls.push(upstreamOrderId);
    return answer(this.refillAnswers.length ? (this.refillAnswers.shift() as Scripted<string>) : String(this.nextRefill++));
  }

  async refillStatuses(ids: string[]): Promise<Map<string, { status: string | null } | { error: string }>> {
    this.refillStatusCalls.push([...ids]);
    return new Map(ids.map((id) => [id, this.refillStatusOf(id)]));
  }
}

function answer<T>(scripted: Scripted<T>): T {
  if (scripted instanceof Error) throw scripted;
  return scripted;
}

/** tier_fulfilment in memory; `tiers` are the pricing tiers that exist, by plan. */
export class InMemoryTierMappings extends TierMappingRepository {
  readonly rows = new Map<string, TierMapping>();
  readonly tiers = new Map<string, string>(); // pricingId → planId

  addTier(planId: string, pricingId: string = randomUUID()): string {
    this.tiers.set(pricingId, planId);
    return pricingId;
  }

  async findByTier(pricingId: string) {
    const row = this.rows.get(pricingId);
    return row ? { ...row } : null;
  }

  async findByPlan(planId: string) {
    return [...this.tiers].filter(([, plan]) => plan === planId).flatMap(([pricingId]) => (this.rows.has(pricingId) ? [{ ...this.rows.get(pricingId)! }] : []));
  }

  async tierExists(pricingId: string) {
    return this.tiers.has(pricingId);
  }

  async refillDaysOf(pricingIds: string[]) {
    return new Map(pricingIds.flatMap((id) => (this.rows.get(id)?.refillDays ? [[id, this.rows.get(id)!.refillDays] as [string, number]] : [])));
  }

  async save(mapping: TierMapping) {
    if (!this.tiers.has(mapping.pricingId)) return false;
    this.rows.set(mapping.pricingId, { ...mapping });
    return true;
  }

  async remove(pricingId: string) {
    const row = this.rows.get(pricingId) ?? null;
    this.rows.delete(pricingId);
    return row;
  }
}

/** The subscriptions' fulfilment columns in memory, with the real ledger's conditional state changes (FULFILMENT_MOVES, as the SQL). */
export class InMemoryLedger extends FulfilmentLedger {
  readonly rows = new Map<string, Subscription>();
  readonly recorded: UpstreamUpdate[][] = [];
  /** Makes markPlaced throw like a database that went away. */
  failMarkPlaced = false;
  /** Makes recordUpstream throw, like a database refusing a value, for a batch holding one of these subscriptions. */
  readonly refuseRecording = new Set<string>();
  /** Makes noteUnsynced throw like a database that went away. */
  failNotes = false;
  readonly unsyncedNotes: Array<{ subscriptionId: string; note: string }> = [];

  /** Stores a subscription (manual unless `fulfilment` is given). */
  add(overrides: Partial<Subscription> = {}): Subscription {
    const now = new Date('2026-01-01T09:00:00Z');
    const s: Subscription = {
      subscriptionId: randomUUID(),
      userId: randomUUID(),
      planId: randomUUID(),
      planName: 'YouTube',
      profileLink: 'https://www.youtube.com/@ann',
      orderId: `order_${randomUUID().slice(0, 8)}`,
      paymentId: `pay_${randomUUID().slice(0, 8)}`,
      status: 0,
      pricing: { pricingId: randomUUID(), name: 'Growth', price: '49.99', description: '', features: [], isPopular: false, currency: 'USD' },
      customerEmail: 'ann@example.com',
      customerName: 'Ann',
      sandbox: false,
      fulfilment: null,
      refund: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    };
    this.rows.set(s.subscriptionId, s);
    return s;
  }

  /** A copy, as a read from the database would be. */
  get(id: string): Subscription {
    const s = this.rows.get(id);
    if (!s) throw new Error(`no subscription ${id}`);
    return structuredClone(s);
  }

  /** The subscription when `move` may start from its state, else null. */
  private movable(id: string, move: FulfilmentMove) {
    const s = this.rows.get(id);
    return s?.fulfilment && mayMakeMove(move, s.fulfilment.state) ? s : null;
  }

  async queue(id: string, target: UpstreamTarget & { serviceName?: string | null }, now: Date) {
    const s = this.rows.get(id);
    if (!s || !mayMakeMove(FULFILMENT_MOVES.queue, s.fulfilment?.state ?? null)) return false;
    s.fulfilment = queuedFulfilment({ ...target, serviceName: target.serviceName ?? null }, now);
    return true;
  }

  async claimForPlacing(id: string, now: Date): Promise<ClaimedPlacement | null> {
    const s = this.movable(id, FULFILMENT_MOVES.claim);
    if (!s?.fulfilment) return null;
    Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.claim.to, placingAt: now });
    return { subscriptionId: id, link: s.profileLink, serviceId: s.fulfilment.serviceId, quantity: s.fulfilment.quantity };
  }

  async markPlaced(id: string, upstreamOrderId: string, now: Date) {
    if (this.failMarkPlaced) throw new Error('the database went away');
    const s = this.movable(id, FULFILMENT_MOVES.markPlaced);
    if (!s?.fulfilment) return false;
    await this.refuseTaken(id, upstreamOrderId);
    Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.markPlaced.to, upstreamOrderId, placedAt: now, note: null });
    return true;
  }

  /** The unique partial index: one `open` or `done` order per upstream order id. */
  private async refuseTaken(id: string, upstreamOrderId: string) {
    const holder = await this.holderOf(upstreamOrderId);
    if (holder && holder.subscriptionId !== id) throw new UpstreamOrderTaken(upstreamOrderId, holder);
  }

  async holderOf(upstreamOrderId: string): Promise<UpstreamOrderHolder | null> {
    const s = [...this.rows.values()].find((row) => row.fulfilment?.upstreamOrderId === upstreamOrderId && ['open', 'done'].includes(row.fulfilment.state));
    return s ? { subscriptionId: s.subscriptionId, orderId: s.orderId } : null;
  }

  async markNeedsReview(id: string, note: string) {
    const s = this.movable(id, FULFILMENT_MOVES.markNeedsReview);
    if (!s?.fulfilment) return false;
    Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.markNeedsReview.to, note });
    return true;
  }

  async requeue(id: string, note: string, now: Date) {
    const s = this.movable(id, FULFILMENT_MOVES.requeue);
    if (!s?.fulfilment) return false;
    Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.requeue.to, note, queuedAt: now, placingAt: null });
    return true;
  }

  async queuedBefore(cutoff: Date, limit: number) {
    return [...this.rows.values()]
      .filter((s) => s.fulfilment?.state === 'queued' && s.fulfilment.queuedAt < cutoff)
      .sort((a, b) => a.fulfilment!.queuedAt.getTime() - b.fulfilment!.queuedAt.getTime())
      .slice(0, limit)
      .map((s) => ({ subscriptionId: s.subscriptionId, queuedAt: s.fulfilment!.queuedAt }));
  }

  async abandonPlacingBefore(cutoff: Date, note: string) {
    const ids: string[] = [];
    for (const s of this.rows.values()) {
      if (s.fulfilment && mayMakeMove(FULFILMENT_MOVES.abandonPlacing, s.fulfilment.state) && s.fulfilment.placingAt! < cutoff) {
        Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.abandonPlacing.to, note });
        ids.push(s.subscriptionId);
      }
    }
    return ids;
  }

  async openOrders(checkedBefore: Date, limit: number): Promise<OpenUpstreamOrder[]> {
    return [...this.rows.values()]
      .filter((s) => s.fulfilment?.state === 'open' && (s.fulfilment.checkedAt === null || s.fulfilment.checkedAt < checkedBefore))
      .sort((a, b) => (a.fulfilment!.checkedAt?.getTime() ?? -1) - (b.fulfilment!.checkedAt?.getTime() ?? -1) || a.subscriptionId.localeCompare(b.subscriptionId))
      .slice(0, limit)
      .map((s) => ({
        subscriptionId: s.subscriptionId,
        upstreamOrderId: s.fulfilment!.upstreamOrderId!,
        quantity: s.fulfilment!.quantity,
        placedAt: s.fulfilment!.placedAt,
      }));
  }

  /** As the real one: a fact left out (null) keeps the last known value, but a final Partial's remains is its own; the note is the error, else the update's note. */
  async recordUpstream(updates: UpstreamUpdate[], now: Date) {
    if (updates.some((u) => this.refuseRecording.has(u.subscriptionId))) throw new Error('invalid input syntax for type smallint');
    this.recorded.push(updates.map((u) => ({ ...u })));
    for (const u of updates) {
      const s = this.movable(u.subscriptionId, FULFILMENT_MOVES.finalWord);
      if (!s?.fulfilment) continue;
      const f = s.fulfilment;
      f.checkedAt = now;
      if (u.error !== undefined) {
        f.note = u.error;
        if (u.review && mayMakeMove(FULFILMENT_MOVES.lostUpstream, f.state)) f.state = FULFILMENT_MOVES.lostUpstream.to;
        continue;
      }
      Object.assign(f, {
        upstreamStatus: u.upstreamStatus ?? f.upstreamStatus,
        charge: u.charge ?? f.charge,
        currency: u.currency ?? f.currency,
        startCount: u.startCount ?? f.startCount,
        remains: u.finalStatus === 2 ? u.remains : (u.remains ?? f.remains),
        note: u.note ?? null,
      });
      if (u.finalStatus !== undefined) {
        f.state = FULFILMENT_MOVES.finalWord.to;
        s.status = u.finalStatus;
      }
    }
  }

  async noteUnsynced(notes: Array<{ subscriptionId: string; note: string }>, now: Date) {
    if (this.failNotes) throw new Error('the database went away');
    for (const { subscriptionId, note } of notes) {
      const s = this.rows.get(subscriptionId);
      if (s?.fulfilment?.state !== 'open') continue;
      Object.assign(s.fulfilment, { note, checkedAt: now });
      this.unsyncedNotes.push({ subscriptionId, note });
    }
  }

  async retry(id: string, now: Date) {
    if (!this.rows.has(id)) return null;
    const s = this.movable(id, FULFILMENT_MOVES.retry);
    if (s?.fulfilment) Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.retry.to, queuedAt: now, note: null, placingAt: null });
    return { changed: Boolean(s), subscription: this.get(id) };
  }

  async link(id: string, upstreamOrderId: string, now: Date) {
    if (!this.rows.has(id)) return null;
    const s = this.movable(id, FULFILMENT_MOVES.link);
    if (s) await this.refuseTaken(id, upstreamOrderId);
    if (s?.fulfilment) Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.link.to, upstreamOrderId, placedAt: now, checkedAt: null, note: null });
    return { changed: Boolean(s), subscription: this.get(id) };
  }

  async cancel(id: string) {
    if (!this.rows.has(id)) return null;
    const s = this.movable(id, FULFILMENT_MOVES.cancel);
    if (s?.fulfilment) {
      s.fulfilment.state = FULFILMENT_MOVES.cancel.to;
      s.status = 3;
    }
    return { changed: Boolean(s), subscription: this.get(id) };
  }

  async withdraw(id: string, note: string) {
    const s = this.movable(id, FULFILMENT_MOVES.withdraw);
    if (s?.fulfilment) Object.assign(s.fulfilment, { state: FULFILMENT_MOVES.withdraw.to, note });
    return Boolean(s);
  }

  async findById(id: string) {
    return this.rows.has(id) ? this.get(id) : null;
  }
}

/** A JobQueue that records what was enqueued; `failing` makes it refuse like a queue whose Redis is away. */
export class RecordingJobQueue extends JobQueue {
  readonly jobs: Array<{ queue: QueueName; name: string; data: object; jobId?: string }> = [];
  readonly schedules: Array<{ queue: QueueName; name: string; everyMs: number }> = [];
  failing = false;

  async enqueue(queue: QueueName, name: string, data: object, options: EnqueueOptions = {}) {
    if (this.failing) throw new Error('Redis is not connected');
    this.jobs.push({ queue, name, data, jobId: options.jobId });
  }

  async repeat(queue: QueueName, name: string, everyMs: number) {
    this.schedules.push({ queue, name, everyMs });
  }

  async isScheduled(queue: QueueName, name: string) {
    return this.schedules.some((s) => s.queue === queue && s.name === name);
  }

  onReconnect() {
    return () => undefined;
  }

  async state(): Promise<ServiceState> {
    return { kind: 'recording', ok: true };
  }
}

/** An intake that records the subscriptions handed to it and whether a transaction was under way. */
export class RecordingIntake extends FulfilmentIntake {
  readonly accepted: Array<{ subscriptionId: string; insideTransaction: boolean }> = [];

  constructor(private readonly unitOfWork?: InlineUnitOfWork) {
    super(null as never, null as never, null as never, null as never, null as never, null as never);
  }

  override async accept(subscription: Subscription): Promise<boolean> {
    this.accepted.push({ subscriptionId: subscription.subscriptionId, insideTransaction: this.unitOfWork?.inside ?? false });
    return false;
  }
}
