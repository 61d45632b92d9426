/** One e-mail, as producers describe it. Small and serialisable: it travels through the job queue. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Delivers one mail now. Adapters: SMTP (nodemailer) and the outbox (console + files). */
export abstract class MailSender {
  abstract send(mail: Mail): Promise<void>;
}

export const SEND_MAIL_JOB = 'send-mail';
