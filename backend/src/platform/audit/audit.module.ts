import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLog } from './audit-log.port';
import { AuditLogOrmEntity } from './audit-log.orm-entity';
import { TypeOrmAuditLog } from './typeorm-audit-log';

/** The audit log of admin writes, for every module. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditLogOrmEntity])],
  providers: [{ provide: AuditLog, useClass: TypeOrmAuditLog }],
  exports: [AuditLog],
})
export class AuditModule {}
