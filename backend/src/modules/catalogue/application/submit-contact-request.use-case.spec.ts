import { Logger } from '@nestjs/common';
import { AppConfig, loadConfig } from '../../../platform/config/app-config';
import type { Mail } from '../../../platform/mail/mail.port';
import { Mailer } from '../../../platform/mail/mailer';
import type { ContactRequest, NewContactRequest } from '../domain/contact-request';
import { ContactRequestRepository } from './contact-request.repository.port';
import { SubmitContactRequestUseCase } from './submit-contact-request.use-case';

class InMemoryContactRequestRepository extends ContactRequestRepository {
  readonly rows: ContactRequest[] = [];

  async record(request: NewContactRequest): Promise<ContactRequest> {
    const row = { ...request, id: `req-${this.rows.length + 1}`, createdAt: new Date('2025-09-02T10:00:00Z'), handledAt: null };
    this.rows.push(row);
    return row;
  }
}

/** A Mailer that keeps what it is given, or fails like a database that cannot take the outbox row. */
class RecordingMailer extends Mailer {
  readonly sent: Mail[] = [];
  failing = false;

  constructor() {
    super(undefined as never, undefined as never);
  }

  override async send(mail: Mail): Promise<void> {
    if (this.failing) throw new Error('Connection terminated unexpectedly');
    this.sent.push(mail);
  }
}

const input: NewContactRequest = {
  name: 'Priya Sharma',
  email: 'priya@example.com',
  serviceType: 'management',
  platform: 'Instagram',
  message: 'Can you manage our brand account from next month?',
};

describe('SubmitContactRequestUseCase', () => {
  const config = new AppConfig({ ...loadConfig({}), supportEmail: 'desk@example.com' });

  function setup() {
    const repository = new InMemoryContactRequestRepository();
    const mailer = new RecordingMailer();
    const useCase = new SubmitContactRequestUseCase(repository, mailer, config);
    return { repository, mailer, useCase };
  }

  it('stores the request, then queues one mail to the support address, reply-to the visitor', async () => {
    const { repository, mailer, useCase } = setup();
    const stored = await useCase.execute(input);
    expect(repository.rows).toEqual([stored]);
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0];
    expect(mail).toMatchObject({ to: 'desk@example.com', replyTo: 'priya@example.com', subject: 'Contact request: Management on Instagram from Priya Sharma' });
    expect(mail.text).toContain(input.message);
    expect(mail.text).toContain('Request id:   req-1');
  });

  it('keeps the request and still succeeds when the mail cannot be written', async () => {
    const { repository, mailer, useCase } = setup();
    mailer.failing = true;
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(useCase.execute(input)).resolves.toMatchObject({ id: 'req-1' });
    expect(repository.rows).toHaveLength(1);
    expect(mailer.sent).toHaveLength(0);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Contact request req-1 is stored, but its notification mail could not be written'));
    logged.mockRestore();
  });

  it('does not mail the visitor (their address is not verified)', async () => {
    const { mailer, useCase } = setup();
    await useCase.execute(input);
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['desk@example.com']);
  });
});
