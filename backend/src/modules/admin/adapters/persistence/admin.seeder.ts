import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../../platform/config/app-config';
import { PasswordHasher } from '../../../../platform/security/password-hasher';
import { AdminOrmEntity } from './admin.orm-entity';
import { underSeedLock } from '../../../../platform/database/seed-lock';

/**
 * Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD (development defaults outside
 * production) when there is no admin at all (docs/architecture.md#seed-data). Later changes of those variables do not
 * touch an existing account: the admin changes e-mail and password in Settings.
 */
@Injectable()
export class AdminSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminSeeder.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.dataSource.getRepository(AdminOrmEntity).exists()) return;
    const passwordHash = await new PasswordHasher().hash(this.config.admin.password);
    const created = await underSeedLock(this.dataSource, 'admin', async (manager) => {
      const admins = manager.getRepository(AdminOrmEntity);
      if (await admins.exists()) return false;
      await admins.insert({ email: this.config.admin.email.toLowerCase(), passwordHash });
      return true;
    });
    if (created) this.logger.log(`Created the first admin account, ${this.config.admin.email}`);
  }
}
