import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { MailSender, type Mail } from './mail.port';

/**
 * The embedded profile's mail: each mail is printed to the console (so an OTP can be read there) and
 * kept as a JSON file under DATA_DIR/outbox, newest last by file name.
 */
export class OutboxMailSender extends MailSender {
  private readonly logger = new Logger('Outbox');

  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {
    super();
  }

  async send(mail: Mail): Promise<void> {
    const sentAt = new Date().toISOString();
    const file = join(this.dir, `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
    const text = JSON.stringify({ from: this.from, ...mail, sentAt }, null, 2);
    // Written aside, then renamed: a reader polling for *.json never sees a half-written file. The
    // folder is made when it is missing (the first mail, or someone emptied DATA_DIR), not before each mail.
    try {
      await writeFile(`${file}.tmp`, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(this.dir, { recursive: true });
      await writeFile(`${file}.tmp`, text);
    }
    await rename(`${file}.tmp`, file);
    this.logger.log(`Mail to ${mail.to}: "${mail.subject}"\n${mail.text}\n(saved as ${file})`);
  }
}
