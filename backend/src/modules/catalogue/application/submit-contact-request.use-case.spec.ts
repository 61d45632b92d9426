import { Logger } from '@nestjs/common';
import { AppConfig, loadConfig } from '../../../platform/config/app-config';
import type { Mail } from '../../../platform/mail/mail.port';
import { Mailer } from '../../../platform/mail/mailer';
import { JobQueue, type QueueName, type ServiceState } from '../../../platform/queue/job-queue.port';
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

/** A queue that keeps what is enqueued, or fails like an unreachable Redis. */
class RecordingQueue extends JobQueue {
  readonly jobs: Array<{ queue: QueueName; name: string; data: object }> = [];
  failing = false;

  async enqueue(queue: QueueName, name: string, data: object): Promise<void> {
    if (this.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    this.jobs.push({ queue, name, data });
  }

  async repeat(): Promise<void> {
    throw new Error('the contact use case schedules nothing');
  }

  async state(): Promise<ServiceState> {
    return { kind: 'recording', ok: !this.failing };
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
    const queue = new RecordingQueue();
    const useCase = new SubmitContactRequestUseCase(repository, new Mailer(queue), config);
    return { repository, queue, useCase };
  }

  it('stores the request, then queues one mail to the support address, reply-to the visitor', async () => {
    const { repository, queue, useCase } = setup();
    const stored = await useCase.execute(input);
    expect(repository.rows).toEqual([stored]);
    expect(queue.jobs).toHaveLength(1);
    expect(queue.jobs[0]).toMatchObject({ queue: 'mail', name: 'send-mail' });
    const mail = queue.jobs[0].data as Mail;
    expect(mail).toMatchObject({ to: 'desk@example.com', replyTo: 'priya@example.com', subject: 'Contact request: Management on Instagram from Priya Sharma' });
    expect(mail.text).toContain(input.message);
    expect(mail.text).toContain('Request id:   req-1');
  });

  it('keeps the request and still succeeds when the mail cannot be queued', async () => {
    const { repository, queue, useCase } = setup();
    queue.failing = true;
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(useCase.execute(input)).resolves.toMatchObject({ id: 'req-1' });
    expect(repository.rows).toHaveLength(1);
    expect(queue.jobs).toHaveLength(0);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Contact request req-1 is stored, but its notification mail could not be queued'));
    logged.mockRestore();
  });

  it('does not mail the visitor (their address is not verified)', async () => {
    const { queue, useCase } = setup();
    await useCase.execute(input);
    expect(queue.jobs.map((job) => (job.data as Mail).to)).toEqual(['desk@example.com']);
  });
});
