import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { Mailer } from '../../../platform/mail/mailer';
import { type ContactRequest, type NewContactRequest, supportNotification } from '../domain/contact-request';
import { ContactRequestRepository } from './contact-request.repository.port';

/**
 * A visitor's message from the Contact page: stored first (the row is the record support works
 * from), then announced to the support inbox by mail, reply-to the visitor.
 *
 * The mail goes to the mail outbox (a table; a relay hands it to the queue, so a Redis outage only
 * delays it) after the row is stored. Should writing the mail fail, the request is still kept and
 * the visitor still gets their answer, since a retry would only store it twice; the failure is
 * logged, and the unhandled row stays visible to support.
 *
 * No acknowledgement is mailed to the visitor: the address is unverified, so that mail would let
 * anyone make the shop send mail to any address.
 */
@Injectable()
export class SubmitContactRequestUseCase {
  private readonly logger = new Logger(SubmitContactRequestUseCase.name);

  constructor(
    private readonly requests: ContactRequestRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async execute(input: NewContactRequest): Promise<ContactRequest> {
    const stored = await this.requests.record(input);
    const { subject, text } = supportNotification(stored);
    try {
      await this.mailer.send({ to: this.config.supportEmail, subject, text, replyTo: stored.email });
    } catch (error) {
      this.logger.error(`Contact request ${stored.id} is stored, but its notification mail could not be written: ${(error as Error).message}`);
    }
    return stored;
  }
}
