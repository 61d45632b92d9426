/**
 * The stored Cookie Policy brought to the known-device cookies (migration
 * 1765500000000-cookie-policy-device-cookies, docs/catalogue.md#when-a-seeded-text-changes): up
 * replaces the old seeded content and nothing an owner edited, down puts the old content back only
 * over the unedited new one. Real: the PostgreSQL engine (PGlite always; PostgreSQL too when
 * DATABASE_URL is set), every migration. Fake: nothing; the document is written by SQL, as a
 * database seeded before the change holds it.
 */
import type { DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../../test/support/database';
import { COOKIE_POLICY } from '../../../modules/catalogue/adapters/persistence/seed/documents/cookie-policy.seed';
import { CookiePolicyDeviceCookies1765500000000, NEW_COOKIE_POLICY, OLD_COOKIE_POLICY } from './1765500000000-cookie-policy-device-cookies';

describe.each(testDatabaseKinds())('cookie policy migration on %s', (kind) => {
  let db: DataSource;
  const migration = new CookiePolicyDeviceCookies1765500000000();

  beforeAll(async () => {
    db = await createTestDataSource([], kind);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  /** The stored document as the policy page reads it. */
  const stored = async () =>
    (await db.query(`SELECT title, last_updated::text AS last_updated, content, updated_at FROM documents WHERE slug = 'cookie-policy'`))[0] as
      { title: string; last_updated: string; content: { sections: Array<{ paragraphs?: string[]; items?: string[] }> }; updated_at: Date } | undefined;
  const store = (content: object) =>
    db.query(
      `INSERT INTO documents (slug, title, last_updated, content, updated_at) VALUES ('cookie-policy', 'Cookie Policy', '2025-09-02', $1::jsonb, '2026-01-01T00:00:00Z')
       ON CONFLICT (slug) DO UPDATE SET content = EXCLUDED.content, updated_at = EXCLUDED.updated_at`,
      [JSON.stringify(content)],
    );
  const text = (content: { sections: Array<{ paragraphs?: string[]; items?: string[] }> }) =>
    content.sections.flatMap((section) => [...(section.paragraphs ?? []), ...(section.items ?? [])]).join('\n');

  /** up or down on its own runner (PGlite has one session: the DataSource's queries come after its release). */
  async function run(step: 'up' | 'down'): Promise<void> {
    const runner = db.createQueryRunner();
    try {
      await migration[step](runner);
    } finally {
      await runner.release();
    }
  }

  it("writes the seed's text of today: what a new database gets is what an old one is brought to", () => {
    expect(NEW_COOKIE_POLICY).toEqual({ sections: COOKIE_POLICY.sections });
    expect(text(OLD_COOKIE_POLICY)).toContain('We use local storage rather than cookies for our own purposes.');
    expect(text(OLD_COOKIE_POLICY)).not.toContain('growth_device_customer');
  });

  it('brings the old seeded text to the new one, title and date as stored; down puts the old one back', async () => {
    await store(OLD_COOKIE_POLICY);
    await run('up');
    const after = await stored();
    expect(after?.content).toEqual(NEW_COOKIE_POLICY);
    expect(text(after!.content)).toContain('growth_device_customer and growth_device_admin (cookies)');
    expect(after).toMatchObject({ title: 'Cookie Policy', last_updated: '2025-09-02' });
    expect(new Date(after!.updated_at).getTime()).toBeGreaterThan(Date.parse('2026-01-01T00:00:00Z'));

    await run('down');
    expect((await stored())?.content).toEqual(OLD_COOKIE_POLICY);
  });

  it("never overwrites an owner's edit, up or down, even one that differs by a single character", async () => {
    const edited = structuredClone(OLD_COOKIE_POLICY);
    edited.sections[0].paragraphs![1] = edited.sections[0].paragraphs![1].replace('own purposes.', 'own purposes!');
    await store(edited);
    await run('up');
    expect(await stored()).toMatchObject({ content: edited, updated_at: new Date('2026-01-01T00:00:00Z') });

    const editedNew = structuredClone(NEW_COOKIE_POLICY);
    editedNew.sections.push({ id: 'our-addition', heading: 'Our Addition', paragraphs: ['Added by the owner.'] } as (typeof editedNew.sections)[number]);
    await store(editedNew);
    await run('down');
    expect(await stored()).toMatchObject({ content: editedNew, updated_at: new Date('2026-01-01T00:00:00Z') });
  });

  it('does nothing where no Cookie Policy is stored yet (the seeder writes the new one at the next start)', async () => {
    await db.query(`DELETE FROM documents WHERE slug = 'cookie-policy'`);
    await run('up');
    await run('down');
    expect(await stored()).toBeUndefined();
  });
});
