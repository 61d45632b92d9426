import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { PasswordResetCodeRepository } from '../../application/password-reset-code.repository.port';
import type { PasswordResetCode } from '../../domain/password-reset';
import { PasswordResetCodeOrmEntity } from './password-reset-code.orm-entity';

/** TypeORM implementation; the conditional writes are single statements, so they hold across instances. */
@Injectable()
export class TypeOrmPasswordResetCodeRepository extends PasswordResetCodeRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get rows() {
    return this.uow.repository(PasswordResetCodeOrmEntity);
  }

  async find(userId: string): Promise<PasswordResetCode | null> {
    const row = await this.rows.findOneBy({ userId });
    return row ? { userId: row.userId, email: row.email, codeHash: row.codeHash, sentAt: row.sentAt, expiresAt: row.expiresAt, tries: Number(row.tries) } : null;
  }

  async replaceUnlessSentAfter(code: PasswordResetCode, sentBefore: Date): Promise<boolean> {
    const rows = (await this.uow.manager().query(
      `INSERT INTO password_reset_codes (user_id, email, code_hash, sent_at, expires_at, tries)
       VALUES ($1, $2, $3, $4, $5, 0)
       ON CONFLICT (user_id) DO UPDATE
         SET email = EXCLUDED.email, code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at,
             expires_at = EXCLUDED.expires_at, tries = 0
         WHERE password_reset_codes.sent_at <= $6
       RETURNING user_id`,
      [code.userId, code.email, code.codeHash, code.sentAt, code.expiresAt, sentBefore],
    )) as unknown[];
    return rows.length === 1;
  }

  async claimTry(userId: string, codeHash: string, maxTries: number): Promise<number | null> {
    const result = await this.rows
      .createQueryBuilder()
      .update(PasswordResetCodeOrmEntity)
      .set({ tries: () => 'tries + 1' })
      .where('user_id = :userId AND code_hash = :codeHash AND tries < :maxTries', { userId, codeHash, maxTries })
      .returning(['tries'])
      .execute();
    const row = (result.raw as { tries: number }[])[0];
    return row ? Number(row.tries) : null;
  }

  async consume(userId: string, codeHash: string): Promise<boolean> {
    const result = await this.rows.delete({ userId, codeHash });
    return (result.affected ?? 0) > 0;
  }

  async remove(userId: string): Promise<void> {
    await this.rows.delete({ userId });
  }
}
