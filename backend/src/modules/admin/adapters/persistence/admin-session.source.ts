import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SessionVersions } from '../../../../platform/auth/session-versions';
import { AdminOrmEntity } from './admin.orm-entity';
import { isUuid } from '../../../../kernel/uuid';

/**
 * Tells the platform's guard whether an admin token's account still exists, and its token version:
 * a token signed with a leaked secret for a made-up admin id gets nowhere, nor does one of a deleted
 * admin or from before a password change.
 */
@Injectable()
export class AdminSessionSource implements OnModuleInit {
  constructor(
    private readonly versions: SessionVersions,
    @InjectRepository(AdminOrmEntity) private readonly admins: Repository<AdminOrmEntity>,
  ) {}

  onModuleInit(): void {
    this.versions.register('admin', async (adminId) => {
      if (!isUuid(adminId)) return null;
      const row = await this.admins.findOne({ where: { adminId }, select: { adminId: true, tokenVersion: true } });
      return row ? row.tokenVersion : null;
    });
  }
}
