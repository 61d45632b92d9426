import { InMemorySubscriptions } from '../../../../test/subscriptions/in-memory';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { listPageQuery } from '../domain/subscription-list';
import { ListSubscriptionPageUseCase } from './list-subscription-page.use-case';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const alice: Principal = { id: ALICE, role: 'customer' };
const admin: Principal = { id: '99999999-9999-4999-8999-999999999999', role: 'admin' };
const minute = (n: number) => new Date(Date.UTC(2025, 5, 1, 12, n));

describe('ListSubscriptionPageUseCase', () => {
  let repository: InMemorySubscriptions;
  let useCase: ListSubscriptionPageUseCase;

  beforeEach(() => {
    repository = new InMemorySubscriptions();
    useCase = new ListSubscriptionPageUseCase(repository);
    // Alice: 7 in process (minutes 1..7), completed at minutes 8 and 9, one in a later state (2) at 10.
    for (let n = 1; n <= 7; n++) repository.add(ALICE, { orderId: `order_a${n}`, createdAt: minute(n) });
    repository.add(ALICE, { orderId: 'order_c1', status: 1, createdAt: minute(8) });
    repository.add(ALICE, { orderId: 'order_c2', status: 1, createdAt: minute(9) });
    repository.add(ALICE, { orderId: 'order_later', status: 2, createdAt: minute(10) });
    repository.add(BOB, { orderId: 'order_b1', createdAt: minute(11) });
  });

  it('pages the active list newest first, six by default, with the meta', async () => {
    const first = await useCase.execute(alice, listPageQuery({ userId: ALICE, which: 'active' }));
    expect(first.items.map((s) => s.orderId)).toEqual(['order_a7', 'order_a6', 'order_a5', 'order_a4', 'order_a3', 'order_a2']);
    expect(first.meta).toEqual({ total: 7, page: 1, perPage: 6, lastPage: 2 });

    const second = await useCase.execute(alice, listPageQuery({ userId: ALICE, which: 'active', page: 2 }));
    expect(second.items.map((s) => s.orderId)).toEqual(['order_a1']);
    expect(second.meta).toEqual({ total: 7, page: 2, perPage: 6, lastPage: 2 });
    expect(repository.pageCalls.at(-1)).toEqual({ userId: ALICE, which: 'active', page: 2, limit: 6 });
  });

  it('puts Completed and any later Status in the completed list, never In Process', async () => {
    const page = await useCase.execute(alice, listPageQuery({ userId: ALICE, which: 'completed' }));
    expect(page.items.map((s) => [s.orderId, s.status])).toEqual([
      ['order_later', 2],
      ['order_c2', 1],
      ['order_c1', 1],
    ]);
    expect(page.meta).toEqual({ total: 3, page: 1, perPage: 6, lastPage: 1 });
  });

  it('answers a page past the end with no items and the true meta', async () => {
    const page = await useCase.execute(alice, listPageQuery({ userId: ALICE, which: 'active', page: 5, limit: 3 }));
    expect(page).toEqual({ items: [], meta: { total: 7, page: 5, perPage: 3, lastPage: 3 } });
  });

  it('reports lastPage 1 for an empty list', async () => {
    const empty = { id: '33333333-3333-4333-8333-333333333333', role: 'customer' } as const;
    const page = await useCase.execute(empty, listPageQuery({ userId: empty.id, which: 'completed' }));
    expect(page).toEqual({ items: [], meta: { total: 0, page: 1, perPage: 6, lastPage: 1 } });
  });

  it("lets an admin read anyone's list", async () => {
    const page = await useCase.execute(admin, listPageQuery({ userId: BOB, which: 'active' }));
    expect(page.items.map((s) => s.orderId)).toEqual(['order_b1']);
  });

  it("refuses another customer's list with 403 before touching the repository", async () => {
    const attempt = useCase.execute(alice, listPageQuery({ userId: BOB, which: 'active' }));
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ kind: 'forbidden', message: 'You can only see your own services.' });
    expect(repository.pageCalls).toEqual([]);
  });
});
