import { Injectable } from '@nestjs/common';
import { entitySql } from '../database/entity-sql';
import { UnitOfWork } from '../database/unit-of-work';
import type { Mail } from './mail.port';
import { MailOutboxOrmEntity } from './mail-outbox.orm-entity';
import { MailOutboxRelay } from './mail-outbox.relay';

/**
 * What modules call to send mail. The mail is written to the outbox table through the UnitOfWork:
 * called inside `uow.run`, it commits or rolls back with the caller's change (a paid order and its
 * confirmation, never one without the other); outside, it is stored at once. After the commit the
 * relay is nudged (in a process that sends mail; the workers' relays find it within a second) and
 * sends it from there: neither Redis nor the mail server being down fails the call.
 */
@Injectable()
export class Mailer {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly relay: MailOutboxRelay,
  ) {}

  async send(mail: Mail): Promise<void> {
    const payload: Mail = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html !== undefined ? { html: mail.html } : {}),
      ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
    };
    // Plain SQL (database/entity-sql.ts): a paid order's confirmation is written in every first payment verification.
    const manager = this.uow.manager();
    const insert = entitySql(manager, MailOutboxOrmEntity).insert(manager, { payload }, '');
    await manager.query(insert.sql, insert.params);
    this.uow.afterCommit(() => this.relay.nudge());
  }
}
