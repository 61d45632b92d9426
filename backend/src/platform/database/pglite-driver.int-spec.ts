import type { DataSource } from 'typeorm';
import { createTestDataSource } from '../../../test/support/database';

/**
 * Real: embedded PGlite with the project's driver. Nothing faked. Proves the one-session pool keeps
 * overlapping transactions apart, which a shared session (typeorm-pglite) does not.
 */
describe('PGlite driver (real PGlite)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await createTestDataSource();
    await dataSource.query('CREATE TABLE driver_probe (id serial PRIMARY KEY, label text NOT NULL UNIQUE, big bigint, amount numeric(10,2))');
  });

  afterAll(() => dataSource.destroy());

  it('keeps a committed row when another transaction overlapping it rolls back', async () => {
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));

    const committed = dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO driver_probe (label) VALUES ('kept')`);
      await firstMayFinish;
    });
    const rolledBack = dataSource
      .transaction(async (manager) => {
        await manager.query(`INSERT INTO driver_probe (label) VALUES ('dropped')`);
        throw new Error('roll this one back');
      })
      .catch((error: Error) => error.message);
    // Let the second transaction try to start while the first one is still open.
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseFirst();

    await committed;
    expect(await rolledBack).toBe('roll this one back');
    const rows: { label: string }[] = await dataSource.query('SELECT label FROM driver_probe ORDER BY id');
    expect(rows.map((row) => row.label)).toEqual(['kept']);
  });

  it('reports unique violations with the PostgreSQL error code', async () => {
    await dataSource.query(`INSERT INTO driver_probe (label) VALUES ('twice')`);
    await expect(dataSource.query(`INSERT INTO driver_probe (label) VALUES ('twice')`)).rejects.toMatchObject({
      driverError: expect.objectContaining({ code: '23505' }),
    });
  });

  it('returns bigint and numeric as exact text, as pg does', async () => {
    await dataSource.query(`INSERT INTO driver_probe (label, big, amount) VALUES ('numbers', 9007199254740993, 19.99)`);
    const [row] = await dataSource.query(`SELECT big, amount, count(*) OVER () AS total FROM driver_probe WHERE label = 'numbers'`);
    expect(row).toEqual({ big: '9007199254740993', amount: '19.99', total: '1' });
  });

  it('reports affected rows of UPDATE and DELETE', async () => {
    await dataSource.query(`INSERT INTO driver_probe (label) VALUES ('a1'), ('a2')`);
    const [, updated] = await dataSource.query(`UPDATE driver_probe SET big = 1 WHERE label LIKE 'a%'`);
    expect(updated).toBe(2);
  });
});
