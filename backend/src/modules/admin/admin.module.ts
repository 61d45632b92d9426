import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminOrmEntity } from './adapters/persistence/admin.orm-entity';
import { AdminSeeder } from './adapters/persistence/admin.seeder';
import { AdminSessionSource } from './adapters/persistence/admin-session.source';

/**
 * Admin accounts. For now: the table, the first account (seeded from configuration) and the source
 * of admin token versions for the guard; admin login, reset and settings arrive with the admin issue.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AdminOrmEntity])],
  providers: [AdminSeeder, AdminSessionSource],
})
export class AdminModule {}
