/**
 * mail_outbox.sent_at and sending_since (migration 1765200000000-mail-delivery) on an outbox that
 * holds rows: down keeps every row (sent ones as relayed, pending ones pending), up brings them back.
 * Real: the PostgreSQL engine (PGlite always; PostgreSQL too when DATABASE_URL is set), every
 * migration. Fake: nothing; rows are written by SQL.
 */
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../test/support/database';
import { MailDelivery1765200000000 } from './1765200000000-mail-delivery';

describe.each(testDatabaseKinds())('mail delivery migration on %s', (kind) => {
  let db: DataSource;

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('down and up on a full outbox keep every row and its state', async () => {
    await db.query(`DELETE FROM mail_outbox`);
    await db.query(`INSERT INTO mail_outbox (payload) VALUES ('{"to":"a@example.com","subject":"s","text":"t"}')`);
    await db.query(`INSERT INTO mail_outbox (payload, sent_at) VALUES (NULL, now())`);
    await db.query(`UPDATE mail_outbox SET sending_since = now() WHERE payload IS NOT NULL`);
    const runner = db.createQueryRunner();
    try {
      const migration = new MailDelivery1765200000000();
      await migration.down(runner);
      expect(await runner.query(`SELECT relayed_at IS NULL AS pending, payload IS NULL AS emptied FROM mail_outbox ORDER BY created_at, relayed_at NULLS FIRST`)).toEqual(
        [
          { pending: true, emptied: false },
          { pending: false, emptied: true },
        ],
      );
      await migration.up(runner);
    } finally {
      // PGlite has one session: the runner's queries above, the DataSource's again after its release.
      await runner.release();
    }
    expect(
      await db.query(`SELECT sent_at IS NULL AS pending, payload IS NULL AS emptied, sending_since FROM mail_outbox ORDER BY created_at, sent_at NULLS FIRST`),
    ).toEqual([
      { pending: true, emptied: false, sending_since: null },
      { pending: false, emptied: true, sending_since: null },
    ]);
    // The CHECK still holds on the renamed column: a row neither sent nor with content is refused.
    await expect(db.query(`INSERT INTO mail_outbox (payload) VALUES (NULL)`)).rejects.toThrow();
  });
});
