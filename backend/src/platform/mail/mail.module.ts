import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { MailSender } from './mail.port';
import { Mailer } from './mailer';
import { MailProcessor } from './mail.processor';
import { OutboxMailSender } from './outbox.mail-sender';
import { SmtpMailSender } from './smtp.mail-sender';

/** Mail: `Mailer` queues, `MailProcessor` delivers through SMTP (SMTP_URL) or the outbox. */
@Global()
@Module({
  providers: [
    {
      provide: MailSender,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.smtpUrl
          ? new SmtpMailSender(config.smtpUrl, config.mailFrom)
          : new OutboxMailSender(join(config.dataDir, 'outbox'), config.mailFrom),
    },
    Mailer,
    MailProcessor,
  ],
  exports: [Mailer],
})
export class MailModule {}
