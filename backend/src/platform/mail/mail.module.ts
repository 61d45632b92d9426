import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { MailSender } from './mail.port';
import { Mailer } from './mailer';
import { MailProcessor } from './mail.processor';
import { MailOutboxOrmEntity } from './mail-outbox.orm-entity';
import { MailOutboxRelay } from './mail-outbox.relay';
import { OutboxMailSender } from './outbox.mail-sender';
import { SmtpMailSender } from './smtp.mail-sender';

/**
 * Mail: `Mailer` writes to the outbox table, `MailOutboxRelay` hands the rows to the job queue,
 * `MailProcessor` delivers through SMTP (SMTP_URL) or the console outbox (files under DATA_DIR).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxOrmEntity])],
  providers: [
    {
      provide: MailSender,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.smtpUrl ? new SmtpMailSender(config.smtpUrl, config.mailFrom) : new OutboxMailSender(join(config.dataDir, 'outbox'), config.mailFrom),
    },
    Mailer,
    MailOutboxRelay,
    MailProcessor,
  ],
  exports: [Mailer],
})
export class MailModule {}
