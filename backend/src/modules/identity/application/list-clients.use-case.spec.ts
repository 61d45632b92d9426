import { AppError } from '../../../platform/errors/app-error';
import type { SubscriptionTotals } from '../domain/subscription-counts';
import { ClientDirectory, type ClientListQuery, type ClientSummary } from './client-directory.port';
import { ListClientsUseCase } from './list-clients.use-case';
import { SubscriptionCounts } from './subscription-counts.port';

/** In-memory directory with the real one's rules: newest first, search on name, e-mail, phone. */
class InMemoryClients extends ClientDirectory {
  readonly clients: ClientSummary[] = [];
  readonly queries: ClientListQuery[] = [];
  async page(query: ClientListQuery) {
    this.queries.push(query);
    const needle = query.search?.toLowerCase();
    const found = this.clients
      .filter((c) => !needle || [c.name, c.email, c.phone].some((field) => field.toLowerCase().includes(needle)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const start = (query.page - 1) * query.limit;
    return { items: found.slice(start, start + query.limit), total: found.length, totalIsExact: true };
  }
}

/** Counts that note every batch they were asked for (the use case must ask once per page). */
class RecordingCounts extends SubscriptionCounts {
  readonly batches: string[][] = [];
  async countFor(): Promise<SubscriptionTotals> {
    throw new Error('the clients list asks for the whole page at once');
  }
  async countsFor(userIds: string[]) {
    this.batches.push(userIds);
    return new Map(userIds.map((id, n) => [id, { total: n + 1, active: n, completed: 1 }]));
  }
}

const admin = { id: '99999999-9999-4999-8999-999999999999', role: 'admin' } as const;

describe('ListClientsUseCase', () => {
  let clients: InMemoryClients;
  let counts: RecordingCounts;
  let useCase: ListClientsUseCase;

  beforeEach(() => {
    clients = new InMemoryClients();
    counts = new RecordingCounts();
    useCase = new ListClientsUseCase(clients, counts);
    for (let n = 1; n <= 12; n++) {
      clients.clients.push({
        userId: `user-${n}`,
        name: n === 3 ? 'Ada Lovelace' : `Customer ${n}`,
        email: `c${n}@example.com`,
        phone: `+1 555 000 ${String(n).padStart(4, '0')}`,
        countryName: n % 2 ? 'India' : null,
        createdAt: new Date(Date.UTC(2025, 0, n)),
      });
    }
  });

  it('gives ten a page, newest first, each with its counters from one batch, and the meta', async () => {
    const page = await useCase.execute(admin, {});
    expect(page.items.map((c) => c.userId)).toEqual(['user-12', 'user-11', 'user-10', 'user-9', 'user-8', 'user-7', 'user-6', 'user-5', 'user-4', 'user-3']);
    expect(page.items[0]).toMatchObject({ email: 'c12@example.com', subscriptions: { total: 1, active: 0, completed: 1 } });
    expect(page.meta).toEqual({ total: 12, page: 1, lastPage: 2 });
    expect(counts.batches).toEqual([page.items.map((c) => c.userId)]);
  });

  it('searches, trims the search, and reports lastPage 1 for nothing found', async () => {
    expect((await useCase.execute(admin, { search: ' ada ' })).items.map((c) => c.userId)).toEqual(['user-3']);
    expect(clients.queries.at(-1)).toEqual({ page: 1, limit: 10, search: 'ada' });
    expect(await useCase.execute(admin, { search: 'nobody' })).toEqual({ items: [], meta: { total: 0, page: 1, lastPage: 1 } });
    expect((await useCase.execute(admin, { search: '   ' })).meta.total).toBe(12);
  });

  it('answers a page past the end with no rows and the true meta', async () => {
    expect(await useCase.execute(admin, { page: 5, limit: 5 })).toEqual({ items: [], meta: { total: 12, page: 5, lastPage: 3 } });
  });

  it.each([{ page: 0 }, { limit: 0 }, { limit: 101 }, { search: 'x'.repeat(255) }])('refuses %j', async (input) => {
    await expect(useCase.execute(admin, input)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('refuses a customer with 403 before reading anything', async () => {
    await expect(useCase.execute({ id: 'user-1', role: 'customer' }, {})).rejects.toBeInstanceOf(AppError);
    expect(clients.queries).toEqual([]);
  });
});
