import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { AdminCodeRepository } from '../../application/admin-code.repository.port';
import type { AdminCode, AdminCodePurpose } from '../../domain/admin-code';
import { AdminCodeOrmEntity } from './admin-code.orm-entity';

function toAdminCode(row: AdminCodeOrmEntity): AdminCode {
  return {
    adminId: row.adminId,
    purpose: row.purpose,
    email: row.email,
    codeHash: row.codeHash,
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
    tries: row.tries,
  };
}

/**
 * TypeORM implementation; the conditional writes are single statements, so they hold across
 * instances. Every query runs in the caller's UnitOfWork transaction when there is one.
 */
@Injectable()
export class TypeOrmAdminCodeRepository extends AdminCodeRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get rows() {
    return this.uow.repository(AdminCodeOrmEntity);
  }

  async find(adminId: string, purpose: AdminCodePurpose): Promise<AdminCode | null> {
    const row = await this.rows.findOneBy({ adminId, purpose });
    return row ? toAdminCode(row) : null;
  }

  async replaceUnlessSentAfter(code: AdminCode, sentBefore: Date): Promise<boolean> {
    const rows = (await this.rows.query(
      `INSERT INTO admin_codes (admin_id, purpose, email, code_hash, sent_at, expires_at, tries)
       VALUES ($1, $2, $3, $4, $5, $6, 0)
       ON CONFLICT (admin_id, purpose) DO UPDATE
         SET email = EXCLUDED.email, code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at,
             expires_at = EXCLUDED.expires_at, tries = 0
         WHERE admin_codes.sent_at <= $7
       RETURNING admin_id`,
      [code.adminId, code.purpose, code.email, code.codeHash, code.sentAt, code.expiresAt, sentBefore],
    )) as unknown[];
    return rows.length === 1;
  }

  async claimTry(adminId: string, purpose: AdminCodePurpose, codeHash: string, maxTries: number): Promise<number | null> {
    const result = await this.rows
      .createQueryBuilder()
      .update(AdminCodeOrmEntity)
      .set({ tries: () => 'tries + 1' })
      .where('admin_id = :adminId AND purpose = :purpose AND code_hash = :codeHash AND tries < :maxTries', { adminId, purpose, codeHash, maxTries })
      .returning(['tries'])
      .execute();
    const row = (result.raw as { tries: number }[])[0];
    return row ? Number(row.tries) : null;
  }

  async consume(adminId: string, purpose: AdminCodePurpose, codeHash: string): Promise<boolean> {
    // The row count, not RETURNING rows: TypeORM hands back no rows of a DELETE on PGlite.
    const result = await this.rows.delete({ adminId, purpose, codeHash });
    return result.affected === 1;
  }

  async remove(adminId: string, purpose: AdminCodePurpose): Promise<void> {
    await this.rows.delete({ adminId, purpose });
  }
}
