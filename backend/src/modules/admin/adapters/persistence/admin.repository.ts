import { Injectable } from '@nestjs/common';
import { In, QueryFailedError } from 'typeorm';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { AdminRepository } from '../../application/admin.repository.port';
import type { Admin } from '../../domain/admin';
import { emailInUse } from '../../domain/admin.errors';
import { AdminOrmEntity } from './admin.orm-entity';
import { isUuid } from '../../../../kernel/uuid';

function toAdmin(row: AdminOrmEntity): Admin {
  return { adminId: row.adminId, email: row.email, passwordHash: row.passwordHash, tokenVersion: row.tokenVersion, createdAt: row.createdAt };
}

/** TypeORM implementation; every query runs in the caller's UnitOfWork transaction when there is one. */
@Injectable()
export class TypeOrmAdminRepository extends AdminRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get rows() {
    return this.uow.repository(AdminOrmEntity);
  }

  async findByEmail(email: string): Promise<Admin | null> {
    const row = await this.rows.findOneBy({ email });
    return row ? toAdmin(row) : null;
  }

  async findById(adminId: string): Promise<Admin | null> {
    if (!isUuid(adminId)) return null;
    const row = await this.rows.findOneBy({ adminId });
    return row ? toAdmin(row) : null;
  }

  async changePassword(adminId: string, passwordHash: string): Promise<Admin | null> {
    if (!isUuid(adminId)) return null;
    const result = await this.rows.update({ adminId }, { passwordHash, tokenVersion: () => 'token_version + 1' });
    return result.affected ? this.findById(adminId) : null;
  }

  async changeEmail(adminId: string, email: string): Promise<Admin | null> {
    if (!isUuid(adminId)) return null;
    try {
      const result = await this.rows.update({ adminId }, { email, tokenVersion: () => 'token_version + 1' });
      return result.affected ? this.findById(adminId) : null;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505') {
        throw emailInUse();
      }
      throw error;
    }
  }

  async emailsOf(adminIds: string[]): Promise<Map<string, string>> {
    const ids = adminIds.filter((id) => isUuid(id));
    if (ids.length === 0) return new Map();
    const rows = await this.rows.find({ where: { adminId: In(ids) }, select: { adminId: true, email: true } });
    return new Map(rows.map((row) => [row.adminId, row.email]));
  }
}
