import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EmailVerificationRepository } from '../../application/email-verification.repository.port';
import type { EmailVerification } from '../../domain/email-verification';
import { EmailVerificationOrmEntity } from './email-verification.orm-entity';
import { toEmailVerification } from './identity.mapper';

/** TypeORM implementation; the conditional writes are single statements, so they hold across instances. */
@Injectable()
export class TypeOrmEmailVerificationRepository extends EmailVerificationRepository {
  constructor(@InjectRepository(EmailVerificationOrmEntity) private readonly rows: Repository<EmailVerificationOrmEntity>) {
    super();
  }

  async findByEmail(email: string): Promise<EmailVerification | null> {
    const row = await this.rows.findOneBy({ email });
    return row ? toEmailVerification(row) : null;
  }

  async replaceUnlessSentAfter(verification: EmailVerification, sentBefore: Date): Promise<boolean> {
    const rows = (await this.rows.query(
      `INSERT INTO email_verifications (email, code_hash, sent_at, expires_at, tries, verified_at)
       VALUES ($1, $2, $3, $4, 0, NULL)
       ON CONFLICT (email) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at,
             tries = 0, verified_at = NULL
         WHERE email_verifications.sent_at <= $5
       RETURNING email`,
      [verification.email, verification.codeHash, verification.sentAt, verification.expiresAt, sentBefore],
    )) as unknown[];
    return rows.length === 1;
  }

  async claimTry(email: string, codeHash: string, maxTries: number): Promise<number | null> {
    const result = await this.rows
      .createQueryBuilder()
      .update(EmailVerificationOrmEntity)
      .set({ tries: () => 'tries + 1' })
      .where('email = :email AND code_hash = :codeHash AND tries < :maxTries', { email, codeHash, maxTries })
      .returning(['tries'])
      .execute();
    const row = (result.raw as { tries: number }[])[0];
    return row ? Number(row.tries) : null;
  }

  async giveBackTry(email: string, codeHash: string): Promise<void> {
    await this.rows
      .createQueryBuilder()
      .update(EmailVerificationOrmEntity)
      .set({ tries: () => 'GREATEST(tries - 1, 0)' })
      .where('email = :email AND code_hash = :codeHash', { email, codeHash })
      .execute();
  }

  async markVerified(email: string, codeHash: string, at: Date): Promise<void> {
    await this.rows.update({ email, codeHash }, { verifiedAt: at });
  }

  async remove(email: string): Promise<void> {
    await this.rows.delete({ email });
  }
}
