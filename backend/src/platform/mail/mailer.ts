import { Injectable } from '@nestjs/common';
import { JobQueue, MAIL_QUEUE } from '../queue/job-queue.port';
import { SEND_MAIL_JOB, type Mail } from './mail.port';

/** What modules call to send mail: the mail is queued, and the mail processor delivers it. */
@Injectable()
export class Mailer {
  constructor(private readonly queue: JobQueue) {}

  async send(mail: Mail): Promise<void> {
    await this.queue.enqueue(MAIL_QUEUE, SEND_MAIL_JOB, mail);
  }
}
