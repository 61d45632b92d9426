import { DirectUnitOfWork, RecordingAuditLog } from '../../../../test/admin/in-memory';
import { InMemorySubscriptions } from '../../../../test/subscriptions/in-memory';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { UpdateSubscriptionStatusUseCase } from './update-subscription-status.use-case';

const ALICE = '11111111-1111-4111-8111-111111111111';
const admin: Principal = { id: '99999999-9999-4999-8999-999999999999', role: 'admin' };

describe('UpdateSubscriptionStatusUseCase', () => {
  let repository: InMemorySubscriptions;
  let audit: RecordingAuditLog;
  let uow: DirectUnitOfWork;
  let useCase: UpdateSubscriptionStatusUseCase;

  beforeEach(() => {
    repository = new InMemorySubscriptions();
    audit = new RecordingAuditLog();
    uow = new DirectUnitOfWork();
    useCase = new UpdateSubscriptionStatusUseCase(uow, repository, audit);
  });

  it('completes a subscription in one unit of work and records the change with before and after', async () => {
    const stored = repository.add(ALICE, { orderId: 'order_toggle' });
    const updated = await useCase.execute(admin, stored.subscriptionId, 1);
    expect(updated).toMatchObject({ subscriptionId: stored.subscriptionId, status: 1, orderId: 'order_toggle' });
    expect(repository.rows[0].status).toBe(1);
    expect(uow.runs).toBe(1);
    expect(audit.records).toEqual([
      expect.objectContaining({
        action: 'subscription.status',
        entity: 'subscription',
        entityId: stored.subscriptionId,
        before: { Status: 0 },
        after: { Status: 1 },
        actorId: admin.id,
        actorRole: 'admin',
      }),
    ]);
  });

  it('moves it back to In Process, and records nothing when the Status is already the one asked', async () => {
    const stored = repository.add(ALICE, { status: 1 });
    expect((await useCase.execute(admin, stored.subscriptionId, 1)).status).toBe(1);
    expect(audit.records).toEqual([]);
    expect((await useCase.execute(admin, stored.subscriptionId, 0)).status).toBe(0);
    expect(audit.records.map((r) => [r.before, r.after])).toEqual([[{ Status: 1 }, { Status: 0 }]]);
  });

  it('answers 404 for an unknown subscription, and records nothing', async () => {
    const attempt = useCase.execute(admin, '33333333-3333-4333-8333-333333333333', 1);
    await expect(attempt).rejects.toMatchObject({ kind: 'not_found', message: 'Subscription not found' });
    expect(audit.records).toEqual([]);
  });

  it.each([2, -1, 0.5, Number.NaN])('refuses Status %p with a 400 before touching the repository', async (status) => {
    const stored = repository.add(ALICE);
    await expect(useCase.execute(admin, stored.subscriptionId, status)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Status must be 0 (In Process) or 1 (Completed)',
    });
    expect(repository.rows[0].status).toBe(0);
    expect(uow.runs).toBe(0);
  });

  it('refuses a customer', async () => {
    const stored = repository.add(ALICE);
    const attempt = useCase.execute({ id: ALICE, role: 'customer' }, stored.subscriptionId, 1);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ kind: 'forbidden' });
    expect(repository.rows[0].status).toBe(0);
  });
});
