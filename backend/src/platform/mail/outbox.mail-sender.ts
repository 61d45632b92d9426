import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { MailSender, type Mail, type MailIdentity } from './mail.port';

/**
 * The embedded profile's mail: each mail is printed to the console (so an OTP can be read there) and
 * kept as a JSON file under DATA_DIR/outbox, named by its Date and Message-ID, so the names sort by
 * when the mails were written and a mail sent again after a crash replaces its own file (as a
 * mailbox that keeps Message-IDs keeps one copy).
 */
export class OutboxMailSender extends MailSender {
  private readonly logger = new Logger('Outbox');

  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {
    super();
  }

  async send(mail: Mail, identity: MailIdentity): Promise<void> {
    const sentAt = new Date().toISOString();
    const name = `${identity.date.toISOString().replace(/[:.]/g, '-')}-${identity.messageId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 60)}`;
    const file = join(this.dir, `${name}.json`);
    const text = JSON.stringify({ from: this.from, ...mail, messageId: identity.messageId, date: identity.date.toISOString(), sentAt }, null, 2);
    // Written aside, then renamed: a reader polling for *.json never sees a half-written file. The
    // folder is made when it is missing (the first mail, or someone emptied DATA_DIR), not before each mail.
    const aside = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(aside, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(this.dir, { recursive: true });
      await writeFile(aside, text);
    }
    await rename(aside, file);
    this.logger.log(`Mail to ${mail.to}: "${mail.subject}"\n${mail.text}\n(saved as ${file})`);
  }
}
