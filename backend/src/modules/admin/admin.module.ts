import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminOrmEntity } from './adapters/persistence/admin.orm-entity';
import { AdminSeeder } from './adapters/persistence/admin.seeder';

/**
 * Admin accounts. For now: the table and the first account, seeded from configuration; admin
 * login, reset and settings arrive with the admin issue.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AdminOrmEntity])],
  providers: [AdminSeeder],
})
export class AdminModule {}
