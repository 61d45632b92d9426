import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { OutboxMailSender } from './outbox.mail-sender';

/** The embedded profile's mail: one JSON file per mail under DATA_DIR/outbox, on a real file system. */
describe('OutboxMailSender', () => {
  let root: string;
  const mail = { to: 'ann@example.com', subject: 'Your code', text: 'Your code is 123456' };
  const files = async (dir: string) => (await readdir(dir)).sort();
  let sequence = 0;
  const identity = (date = new Date('2026-03-01T10:00:00.123Z')) => ({ messageId: `<row-${++sequence}@shop.test>`, date });

  beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('makes the folder for the first mail, and again after it was removed', async () => {
    const dir = join(root, 'data', 'outbox');
    const sender = new OutboxMailSender(dir, 'shop@example.com');
    await sender.send(mail, identity());
    await rm(join(root, 'data'), { recursive: true });
    await sender.send({ ...mail, subject: 'Again' }, identity());
    const [only] = await files(dir);
    expect(only).toMatch(/^2026-03-01T10-00-00-123Z-row-\d+shoptest\.json$/);
    expect(JSON.parse(await readFile(join(dir, only), 'utf8'))).toMatchObject({ from: 'shop@example.com', to: mail.to, subject: 'Again', text: mail.text });
  });

  it('keeps one file per mail, with no half-written file left, named so that they sort by when they were written', async () => {
    const sender = new OutboxMailSender(root, 'shop@example.com');
    const later = identity(new Date('2026-03-01T10:00:05Z'));
    await Promise.all([sender.send({ ...mail, subject: 'Later' }, later), sender.send(mail, identity()), sender.send(mail, identity())]);
    const names = await files(root);
    expect(names).toHaveLength(3);
    expect(names.every((name) => name.endsWith('.json'))).toBe(true);
    expect(JSON.parse(await readFile(join(root, names[2]), 'utf8'))).toMatchObject({ subject: 'Later', messageId: later.messageId });
  });

  it('a mail sent again (the same Message-ID, after a crash) replaces its own file: the mailbox keeps one', async () => {
    const sender = new OutboxMailSender(root, 'shop@example.com');
    const once = identity();
    await sender.send(mail, once);
    await sender.send(mail, once);
    expect(await files(root)).toHaveLength(1);
  });

  it('fails when the folder cannot be written (a file stands where it should be)', async () => {
    const blocked = join(root, 'outbox');
    await writeFile(blocked, 'not a folder');
    await expect(new OutboxMailSender(blocked, 'shop@example.com').send(mail, identity())).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});
