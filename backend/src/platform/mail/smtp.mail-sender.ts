import { createTransport, type Transporter } from 'nodemailer';
import { MailSender, type Mail } from './mail.port';

/** Delivers through an SMTP server given as a URL (smtp://user:pass@host:port). */
export class SmtpMailSender extends MailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}
