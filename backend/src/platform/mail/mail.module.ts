import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { MailSender } from './mail.port';
import { Mailer } from './mailer';
import { MailOutboxOrmEntity } from './mail-outbox.orm-entity';
import { MailOutboxRelay } from './mail-outbox.relay';
import { OutboxMailSender } from './outbox.mail-sender';
import { SmtpMailSender } from './smtp.mail-sender';

/**
 * Mail: `Mailer` writes to the outbox table in the caller's transaction, `MailOutboxRelay` (in the
 * processes that run jobs) sends the rows through SMTP (SMTP_URL) or the console outbox (files under
 * DATA_DIR) and marks each sent after its send (docs/operations.md#mail).
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
  ],
  exports: [Mailer],
})
export class MailModule {}
