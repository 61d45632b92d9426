import { AppError } from '../../../platform/errors/app-error';
import type { SubscriptionTotals } from '../domain/subscription-counts';
import { ClientDirectory, type ClientKey, type ClientListQuery, type ClientSummary } from './client-directory.port';
import { CLIENT_CURSOR_MESSAGE, encodeClientCursor, ListClientsUseCase } from './list-clients.use-case';
import { SubscriptionCounts } from './subscription-counts.port';

const keyOf = (c: ClientSummary): ClientKey => ({ createdAtMicros: String(c.createdAt.getTime() * 1000), userId: c.userId });

/** In-memory directory with the real one's rules: newest first, search on name, e-mail, phone, Previous/Next after or before a key. */
class InMemoryClients extends ClientDirectory {
  readonly clients: ClientSummary[] = [];
  readonly queries: ClientListQuery[] = [];
  async page(query: ClientListQuery) {
    this.queries.push(query);
    const needle = query.search?.toLowerCase();
    const found = this.clients
      .filter((c) => !needle || [c.name, c.email, c.phone].some((field) => field.toLowerCase().includes(needle)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const at = query.keyset ? found.findIndex((c) => c.userId === query.keyset?.key.userId) : -1;
    const start = query.keyset ? (query.keyset.direction === 'after' ? at + 1 : Math.max(0, at - query.limit)) : (query.page - 1) * query.limit;
    const end = query.keyset?.direction === 'before' ? at : start + query.limit;
    const items = found.slice(start, end);
    const hasNext = end < found.length;
    return {
      items,
      total: found.length,
      totalIsExact: true,
      hasNext,
      next: hasNext && items.length ? keyOf(items[items.length - 1]) : null,
      prev: query.page > 1 && items.length ? keyOf(items[0]) : null,
    };
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
    expect(await useCase.execute(admin, { search: 'nobody' })).toEqual({ items: [], meta: { total: 0, page: 1, lastPage: 1 }, cursors: { next: null, prev: null } });
    expect((await useCase.execute(admin, { search: '   ' })).meta.total).toBe(12);
  });

  it('answers a page past the end with no rows and the true meta', async () => {
    expect(await useCase.execute(admin, { page: 5, limit: 5 })).toEqual({ items: [], meta: { total: 12, page: 5, lastPage: 3 }, cursors: { next: null, prev: null } });
  });

  it('hands out cursors and reads Next and Previous by them, the meta following the page number', async () => {
    // Cursors carry real ids (a uuid), as the users table has.
    const uid = (userId: string) => `00000000-0000-4000-8000-${userId.slice(5).padStart(12, '0')}`;
    for (const client of clients.clients) client.userId = uid(client.userId);
    const first = await useCase.execute(admin, { limit: 5 });
    expect(first.cursors.prev).toBeNull();
    expect(first.cursors.next).toBe(encodeClientCursor(keyOf(clients.clients[12 - 5])));
    const second = await useCase.execute(admin, { page: 2, limit: 5, after: first.cursors.next ?? undefined });
    expect(clients.queries.at(-1)?.keyset).toEqual({ direction: 'after', key: keyOf(clients.clients[12 - 5]) });
    expect(second.items.map((c) => c.userId)).toEqual(['user-7', 'user-6', 'user-5', 'user-4', 'user-3'].map(uid));
    expect(second.meta).toEqual({ total: 12, page: 2, lastPage: 3 });
    const back = await useCase.execute(admin, { page: 1, limit: 5, before: second.cursors.prev ?? undefined });
    expect(back.items.map((c) => c.userId)).toEqual(first.items.map((c) => c.userId));
    expect(back.cursors.prev).toBeNull();
    const last = await useCase.execute(admin, { page: 3, limit: 5, after: second.cursors.next ?? undefined });
    expect(last.items.map((c) => c.userId)).toEqual([uid('user-2'), uid('user-1')]);
    expect(last.cursors.next).toBeNull();
  });

  it.each([
    { after: 'not a cursor' },
    { before: Buffer.from(JSON.stringify({ s: 'createdAt', o: 'desc', k: ['1', '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10'] })).toString('base64url') },
    { after: Buffer.from(JSON.stringify({ s: 'clients.createdAt', o: 'desc', k: ['1.5', '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10'] })).toString('base64url') },
    { after: Buffer.from(JSON.stringify({ s: 'clients.createdAt', o: 'desc', k: ['1', 'user-1'] })).toString('base64url') },
  ])('refuses a cursor it did not hand out (%j) with a 400 naming after/before, before reading', async (input) => {
    await expect(useCase.execute(admin, input)).rejects.toMatchObject({ kind: 'invalid', message: CLIENT_CURSOR_MESSAGE });
    expect(clients.queries).toEqual([]);
  });

  it('refuses after and before together', async () => {
    const cursor = encodeClientCursor({ createdAtMicros: '1', userId: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10' });
    await expect(useCase.execute(admin, { after: cursor, before: cursor })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it.each([{ page: 0 }, { limit: 0 }, { limit: 101 }, { search: 'x'.repeat(255) }])('refuses %j', async (input) => {
    await expect(useCase.execute(admin, input)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('refuses a customer with 403 before reading anything', async () => {
    await expect(useCase.execute({ id: 'user-1', role: 'customer' }, {})).rejects.toBeInstanceOf(AppError);
    expect(clients.queries).toEqual([]);
  });
});
