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

  beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('makes the folder for the first mail, and again after it was removed', async () => {
    const dir = join(root, 'data', 'outbox');
    const sender = new OutboxMailSender(dir, 'shop@example.com');
    await sender.send(mail);
    await rm(join(root, 'data'), { recursive: true });
    await sender.send({ ...mail, subject: 'Again' });
    const [only] = await files(dir);
    expect(only).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.json$/);
    expect(JSON.parse(await readFile(join(dir, only), 'utf8'))).toMatchObject({ from: 'shop@example.com', to: mail.to, subject: 'Again', text: mail.text });
  });

  it('keeps one file per mail, with no half-written file left', async () => {
    const sender = new OutboxMailSender(root, 'shop@example.com');
    await Promise.all([sender.send(mail), sender.send(mail), sender.send(mail)]);
    const names = await files(root);
    expect(names).toHaveLength(3);
    expect(names.every((name) => name.endsWith('.json'))).toBe(true);
  });

  it('fails when the folder cannot be written (a file stands where it should be)', async () => {
    const blocked = join(root, 'outbox');
    await writeFile(blocked, 'not a folder');
    await expect(new OutboxMailSender(blocked, 'shop@example.com').send(mail)).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});
