import { InMemorySubscriptions } from '../../../../test/subscriptions/in-memory';
import { adminTaskQuery } from '../domain/admin-task-list';
import { ListAdminTasksUseCase } from './list-admin-tasks.use-case';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const admin = { id: '99999999-9999-4999-8999-999999999999', role: 'admin' } as const;
const minute = (n: number) => new Date(Date.UTC(2025, 5, 1, 12, n));

describe('ListAdminTasksUseCase', () => {
  const repository = new InMemorySubscriptions();
  const useCase = new ListAdminTasksUseCase(repository);
  repository.add(ALICE, { orderId: 'order_a1', planName: 'YouTube', createdAt: minute(1), customerEmail: 'alice@example.com' });
  repository.add(BOB, { orderId: 'order_b1', planName: 'Instagram', status: 1, createdAt: minute(2), customerEmail: 'bob@example.com' });
  repository.add(ALICE, { orderId: 'order_a2', planName: 'TikTok', createdAt: minute(3), customerEmail: 'alice@example.com' });

  it("lists every customer's subscriptions, newest first", async () => {
    const page = await useCase.execute(admin, adminTaskQuery({}));
    expect(page.items.map((s) => s.orderId)).toEqual(['order_a2', 'order_b1', 'order_a1']);
    expect(page).toMatchObject({ total: 3, totalIsExact: true, hasNext: false });
  });

  it('filters, searches and sorts as asked', async () => {
    expect((await useCase.execute(admin, adminTaskQuery({ status: 1 }))).items.map((s) => s.orderId)).toEqual(['order_b1']);
    expect((await useCase.execute(admin, adminTaskQuery({ q: 'ALICE@' }))).items.map((s) => s.orderId)).toEqual(['order_a2', 'order_a1']);
    expect((await useCase.execute(admin, adminTaskQuery({ sortBy: 'planName', sortOrder: 'asc' }))).items.map((s) => s.planName)).toEqual([
      'Instagram',
      'TikTok',
      'YouTube',
    ]);
  });

  it('refuses a customer with 403', async () => {
    await expect(useCase.execute({ id: ALICE, role: 'customer' }, adminTaskQuery({}))).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
