import { RecordingAuditLog } from '../../../../test/admin/in-memory';
import { ManualClock } from '../../../../test/support/fakes';
import { CommittingUnitOfWork, InMemoryLedger, RecordingJobQueue, ScriptedPanel } from '../../../../test/fulfilment/in-memory';
import type { Principal } from '../../../platform/auth/principal';
import { CANCEL_CONFLICT_MESSAGE, CancelFulfilmentUseCase } from './cancel-fulfilment.use-case';
import { ShortfallJobs } from './shortfall-jobs';
import { PlacementJobs } from './placement-jobs';
import { RETRY_CONFLICT_MESSAGE } from '../domain/fulfilment.errors';
import { RetryFulfilmentUseCase } from './retry-fulfilment.use-case';

const admin: Principal = { id: 'admin-1', role: 'admin' };

describe('RetryFulfilmentUseCase and CancelFulfilmentUseCase (staff on orders that need review)', () => {
  let ledger: InMemoryLedger;
  let queue: RecordingJobQueue;
  let audit: RecordingAuditLog;
  let clock: ManualClock;
  let uow: CommittingUnitOfWork;
  let retry: RetryFulfilmentUseCase;
  let cancel: CancelFulfilmentUseCase;

  beforeEach(() => {
    ledger = new InMemoryLedger();
    queue = new RecordingJobQueue();
    audit = new RecordingAuditLog();
    clock = new ManualClock();
    uow = new CommittingUnitOfWork();
    retry = new RetryFulfilmentUseCase(uow, ledger, new ScriptedPanel(), new PlacementJobs(queue), audit, clock);
    cancel = new CancelFulfilmentUseCase(uow, ledger, audit, clock, new ShortfallJobs(queue));
  });

  async function inState(state: 'queued' | 'needs_review' | 'open') {
    const s = ledger.add();
    await ledger.queue(s.subscriptionId, { serviceId: '7', quantity: 1000 }, clock.now());
    if (state === 'queued') return s.subscriptionId;
    await ledger.claimForPlacing(s.subscriptionId, clock.now());
    if (state === 'needs_review') await ledger.markNeedsReview(s.subscriptionId, 'No clear answer from the provider (HTTP 500): check its panel before retrying');
    else await ledger.markPlaced(s.subscriptionId, '42', clock.now());
    return s.subscriptionId;
  }

  it('queues an order that needs review again, audits it, and enqueues a job with a new id after the commit', async () => {
    const id = await inState('needs_review');
    clock.advance(600_000);
    const subscription = await retry.execute(admin, id);
    expect(subscription.fulfilment).toMatchObject({ state: 'queued', queuedAt: clock.now(), note: null });
    expect(queue.jobs).toEqual([{ queue: 'fulfilment', name: 'place-order', data: { subscriptionId: id }, jobId: `place-${id}-${clock.now().getTime()}` }]);
    expect(audit.records).toEqual([
      expect.objectContaining({
        action: 'fulfilment.retry',
        entity: 'subscription',
        entityId: id,
        before: { state: 'needs_review', note: 'No clear answer from the provider (HTTP 500): check its panel before retrying' },
        after: { state: 'queued' },
      }),
    ]);
  });

  it('retries only an order that needs review (409), and knows no unknown order (404)', async () => {
    for (const state of ['queued', 'open'] as const) {
      await expect(retry.execute(admin, await inState(state))).rejects.toMatchObject({ kind: 'conflict', message: RETRY_CONFLICT_MESSAGE });
    }
    await expect(retry.execute(admin, ledger.add().subscriptionId)).rejects.toMatchObject({ kind: 'conflict', message: RETRY_CONFLICT_MESSAGE });
    await expect(retry.execute(admin, 'missing')).rejects.toMatchObject({ kind: 'not_found', message: 'Subscription not found' });
    expect(queue.jobs).toEqual([]);
    expect(audit.records).toEqual([]);
  });

  it('does not queue again while the panel is off (409)', async () => {
    const id = await inState('needs_review');
    retry = new RetryFulfilmentUseCase(uow, ledger, new ScriptedPanel(false), new PlacementJobs(queue), audit, clock);
    await expect(retry.execute(admin, id)).rejects.toMatchObject({ kind: 'conflict', message: 'Automatic fulfilment is off: set FULFILMENT_PROVIDER=api-v2' });
    expect(ledger.get(id).fulfilment?.state).toBe('needs_review');
  });

  it('cancels an order not placed upstream (queued or needing review): Status 3, audited', async () => {
    for (const state of ['queued', 'needs_review'] as const) {
      const id = await inState(state);
      const subscription = await cancel.execute(admin, id);
      expect(subscription).toMatchObject({ status: 3, fulfilment: { state: 'canceled' } });
      expect(audit.records.at(-1)).toMatchObject({ action: 'fulfilment.cancel', entityId: id, before: { state, Status: 0 }, after: { state: 'canceled', Status: 3 } });
    }
  });

  it('refuses to cancel an order placed upstream or a manual one (409), and an unknown one (404)', async () => {
    await expect(cancel.execute(admin, await inState('open'))).rejects.toMatchObject({ kind: 'conflict', message: CANCEL_CONFLICT_MESSAGE });
    await expect(cancel.execute(admin, ledger.add().subscriptionId)).rejects.toMatchObject({ kind: 'conflict', message: CANCEL_CONFLICT_MESSAGE });
    await expect(cancel.execute(admin, 'missing')).rejects.toMatchObject({ kind: 'not_found' });
    expect(audit.records).toEqual([]);
  });
});
