import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin task search by customer e-mail at a million subscriptions.
 *
 * Trigrams such as 'cus', '@ex' or 'com' occur in every address, so a trigram search of
 * subscriptions.customer_email reads posting lists as long as the table (127 ms at 1M rows for a
 * whole address against 6 ms at 10k). The distinct addresses are far fewer than the subscriptions:
 * `subscription_customer_emails` holds each non-empty customer_email once, with its own trigram
 * index, and the search first finds the few matching addresses there, then their subscriptions
 * through a btree index on subscriptions.customer_email (equality).
 *
 * Statement triggers (after INSERT and after UPDATE, like the Status counters' ones) add the
 * addresses a statement brings; an address is never removed (a deleted or changed subscription
 * leaves it behind, which only costs a lookup that finds no subscription). The trigram index on
 * subscriptions.customer_email stays, for a search matching too many addresses.
 */
export class CustomerEmails1764400000000 implements MigrationInterface {
  name = 'CustomerEmails1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm was installed by AdminLists1764300000000; its operator class is named with the schema
    // it really lives in (see there), so a search_path without that schema still works.
    const [found] = (await queryRunner.query(
      `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
    if (!found) throw new Error('pg_trgm is not installed (AdminLists1764300000000 installs it)');
    const trgm = `${found.schema}.gin_trgm_ops`;

    await queryRunner.query(`CREATE TABLE subscription_customer_emails (email text PRIMARY KEY)`);
    await queryRunner.query(`INSERT INTO subscription_customer_emails (email) SELECT DISTINCT customer_email FROM subscriptions WHERE customer_email <> ''`);
    await queryRunner.query(`CREATE INDEX subscription_customer_emails_trgm ON subscription_customer_emails USING gin (email ${trgm})`);
    await queryRunner.query(`CREATE INDEX subscriptions_customer_email_idx ON subscriptions (customer_email)`);
    // One function for both events: each trigger declares new_rows. Sorted, so two statements adding
    // the same new addresses take their locks in one order.
    await queryRunner.query(`
      CREATE FUNCTION subscription_customer_emails_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO subscription_customer_emails (email)
        SELECT DISTINCT customer_email FROM new_rows WHERE customer_email <> '' ORDER BY customer_email
        ON CONFLICT (email) DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER subscription_customer_emails_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_customer_emails_follow()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER subscription_customer_emails_update AFTER UPDATE ON subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_customer_emails_follow()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER subscription_customer_emails_update ON subscriptions`);
    await queryRunner.query(`DROP TRIGGER subscription_customer_emails_insert ON subscriptions`);
    await queryRunner.query(`DROP FUNCTION subscription_customer_emails_follow()`);
    await queryRunner.query(`DROP INDEX subscriptions_customer_email_idx`);
    await queryRunner.query(`DROP TABLE subscription_customer_emails`);
  }
}
