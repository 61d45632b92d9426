/** One e-mail, as producers describe it. Small and serialisable: it is stored in the mail outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * What stays the same each time one outbox row is sent: its Message-ID (`<row id@sender's domain>`)
 * and its Date (when the row was written). A send repeated after a crash carries both again, so a
 * receiver that keeps Message-IDs (and the console outbox, whose file is named by them) keeps one.
 */
export interface MailIdentity {
  messageId: string;
  date: Date;
}

/** Delivers one mail now. Adapters: SMTP (nodemailer) and the outbox (console + files). */
export abstract class MailSender {
  abstract send(mail: Mail, identity: MailIdentity): Promise<void>;
}
