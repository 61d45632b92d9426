import { InMemorySubscriptions } from '../../../../test/subscriptions/in-memory';
import { AppError } from '../../../platform/errors/app-error';
import { ListUserSubscriptionsUseCase } from './list-user-subscriptions.use-case';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const at = (n: number) => new Date(Date.UTC(2025, 5, 1, 12, n));

describe('ListUserSubscriptionsUseCase', () => {
  const repository = new InMemorySubscriptions();
  const useCase = new ListUserSubscriptionsUseCase(repository);
  repository.add(ALICE, { orderId: 'order_old', createdAt: at(1) });
  repository.add(ALICE, { orderId: 'order_done', status: 1, createdAt: at(3) });
  repository.add(ALICE, { orderId: 'order_mid', createdAt: at(2) });
  repository.add(BOB, { orderId: 'order_bob', createdAt: at(4) });

  it("returns every one of the user's subscriptions, whatever the Status, newest first", async () => {
    const all = await useCase.execute({ id: ALICE, role: 'customer' }, ALICE);
    expect(all.map((s) => s.orderId)).toEqual(['order_done', 'order_mid', 'order_old']);
  });

  it("lets an admin read anyone's, and gives an empty list for a user with none", async () => {
    const admin = { id: '99999999-9999-4999-8999-999999999999', role: 'admin' } as const;
    expect((await useCase.execute(admin, BOB)).map((s) => s.orderId)).toEqual(['order_bob']);
    expect(await useCase.execute(admin, '33333333-3333-4333-8333-333333333333')).toEqual([]);
  });

  it("refuses another customer's subscriptions with 403", async () => {
    const attempt = useCase.execute({ id: BOB, role: 'customer' }, ALICE);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ kind: 'forbidden', code: 'not_your_services' });
  });
});
