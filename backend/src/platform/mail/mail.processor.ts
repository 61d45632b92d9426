import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { MAIL_QUEUE } from '../queue/job-queue.port';
import { MailSender, SEND_MAIL_JOB, type Mail } from './mail.port';

/** Hands each queued mail to the configured MailSender. Runs under BullMQ or the in-process queue. */
@Processor(MAIL_QUEUE)
export class MailProcessor extends WorkerHost {
  constructor(private readonly sender: MailSender) {
    super();
  }

  async process(job: Job<Mail>): Promise<void> {
    if (job.name !== SEND_MAIL_JOB) throw new Error(`Unknown mail job "${job.name}"`);
    await this.sender.send(job.data);
  }
}
