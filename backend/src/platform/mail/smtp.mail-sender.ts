import { createTransport, type Transporter } from 'nodemailer';
import { MailSender, type Mail, type MailIdentity } from './mail.port';

/**
 * How long one SMTP conversation may take, in all: the relay's lease on a row outlasts it
 * (mail-outbox.relay.ts), so a slow server never has two relays send one row.
 */
export const SMTP_TIMEOUT_MS = 20_000;

/** Delivers through an SMTP server given as a URL (smtp://user:pass@host:port). */
export class SmtpMailSender extends MailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    // nodemailer waits up to 10 minutes for a silent socket by default.
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS / 2,
      greetingTimeout: SMTP_TIMEOUT_MS / 2,
      socketTimeout: SMTP_TIMEOUT_MS,
    } as Parameters<typeof createTransport>[0]);
  }

  async send(mail: Mail, identity: MailIdentity): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail, messageId: identity.messageId, date: identity.date });
  }
}
