/**
 * TypeOrmClientDirectory (the admin's clients list) on a real database.
 * Real: PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every migration
 * (trigram indexes on users, the trigger-kept user_totals), the countries table.
 * Fake: nothing (users are inserted by SQL).
 */
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../../test/support/database';
import { TypeOrmClientDirectory } from './client-directory.query';

describe.each(testDatabaseKinds())('TypeOrmClientDirectory on %s', (kind) => {
  let dataSource: DataSource;
  let directory: TypeOrmClientDirectory;
  let india: string;

  async function user(email: string, name: string, phone: string, createdAt: string, countryId: string | null = null): Promise<string> {
    const [row] = await dataSource.query('INSERT INTO users (email, name, phone, created_at, country_id) VALUES ($1, $2, $3, $4, $5) RETURNING user_id', [
      email,
      name,
      phone,
      createdAt,
      countryId,
    ]);
    return row.user_id as string;
  }

  const emails = async (query: { page?: number; limit?: number; search?: string }) => (await directory.page({ page: 1, limit: 10, ...query })).items.map((c) => c.email);

  beforeAll(async () => {
    dataSource = await createTestDataSource([], kind);
    directory = new TypeOrmClientDirectory(dataSource);
    [{ country_id: india }] = await dataSource.query(`INSERT INTO countries (code, name, calling_code, flag) VALUES ('IN', 'India', '+91', 'x') RETURNING country_id`);
    await user('ada@example.com', 'Ada Lovelace', '+44 20 7946 0001', '2025-01-01T10:00:00Z', india);
    await user('grace@navy.example', 'Grace Hopper', '+1 555 010 0199', '2025-01-02T10:00:00Z');
    await user('alan@example.com', 'Alan Turing', '+44 20 7946 0002', '2025-01-03T10:00:00Z');
    await user('linus@kernel.example', 'Linus 100%', '+358 9 000', '2025-01-04T10:00:00Z');
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('lists everyone newest first with the country name, and the total from the trigger-kept count', async () => {
    const page = await directory.page({ page: 1, limit: 10 });
    expect(page.items.map((c) => c.email)).toEqual(['linus@kernel.example', 'alan@example.com', 'grace@navy.example', 'ada@example.com']);
    expect(page.items[3]).toEqual({
      userId: expect.any(String),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0001',
      countryName: 'India',
      createdAt: new Date('2025-01-01T10:00:00Z'),
    });
    expect(page.items[0].countryName).toBeNull();
    expect(page).toMatchObject({ total: 4, totalIsExact: true });
  });

  it('pages, and answers a page past the end with no rows and the true total', async () => {
    expect(await emails({ page: 2, limit: 3 })).toEqual(['ada@example.com']);
    expect(await directory.page({ page: 3, limit: 3 })).toEqual({ items: [], total: 4, totalIsExact: true, hasNext: false, next: null, prev: null });
  });

  it('reads Next and Previous by keyset: the rows after or before the key, the total still the whole list', async () => {
    // Two customers created in the same microsecond: the id breaks the tie, so none is skipped or shown twice.
    const twins = [
      await user('twin1@example.com', 'Twin One', '', '2025-01-02T10:00:00.123456Z'),
      await user('twin2@example.com', 'Twin Two', '', '2025-01-02T10:00:00.123456Z'),
    ];
    try {
      const all = (await directory.page({ page: 1, limit: 10 })).items.map((c) => c.email);
      expect(all).toHaveLength(6);
      const first = await directory.page({ page: 1, limit: 2 });
      expect(first).toMatchObject({ total: 6, hasNext: true, prev: null });
      expect(first.next).toEqual({ createdAtMicros: expect.stringMatching(/^\d+$/), userId: first.items[1].userId });
      const seen = first.items.map((c) => c.email);
      let page = first;
      for (let n = 2; page.next; n++) {
        page = await directory.page({ page: n, limit: 2, keyset: { direction: 'after', key: page.next } });
        expect(page.total).toBe(6);
        seen.push(...page.items.map((c) => c.email));
      }
      expect(seen).toEqual(all);
      expect(page.hasNext).toBe(false);
      // Back from the last page: the two before its first row, in the list's order.
      const previous = await directory.page({ page: 2, limit: 2, keyset: { direction: 'before', key: page.prev! } });
      expect(previous.items.map((c) => c.email)).toEqual(all.slice(2, 4));
      expect(previous).toMatchObject({ hasNext: true });
      // With a search: the cursor walks the matches only.
      const searched = await directory.page({ page: 1, limit: 1, search: 'example.com' });
      const next = await directory.page({ page: 2, limit: 1, search: 'example.com', keyset: { direction: 'after', key: searched.next! } });
      expect([...searched.items, ...next.items].map((c) => c.email)).toEqual(all.filter((e) => e.endsWith('example.com')).slice(0, 2));
    } finally {
      await dataSource.query('DELETE FROM users WHERE user_id = ANY($1::uuid[])', [twins]);
    }
  });

  it.each([
    ['name', 'LOVELACE', ['ada@example.com']],
    ['e-mail', 'Example.COM', ['alan@example.com', 'ada@example.com']],
    ['phone', '7946', ['alan@example.com', 'ada@example.com']],
    ['phone with its +', '+1 555', ['grace@navy.example']],
  ])('searches the %s, case-insensitively (%j)', async (_field, search, expected) => {
    const page = await directory.page({ page: 1, limit: 10, search });
    expect(page.items.map((c) => c.email)).toEqual(expected);
    expect(page).toMatchObject({ total: expected.length, totalIsExact: true });
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect(await emails({ search: '100%' })).toEqual(['linus@kernel.example']);
    expect(await emails({ search: '_' })).toEqual([]);
  });

  it('keeps its count right as users come and go', async () => {
    const temp = await user('temp@example.com', 'Temp', '', '2025-02-01T10:00:00Z');
    expect((await directory.page({ page: 1, limit: 10 })).total).toBe(5);
    await dataSource.query('DELETE FROM users WHERE user_id = $1', [temp]);
    expect((await directory.page({ page: 1, limit: 10 })).total).toBe(4);
  });
});
