import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordHasher } from '../../platform/security/password-hasher';
import { AdminCodeRepository } from './application/admin-code.repository.port';
import { AdminCodes } from './application/admin-codes';
import { AdminLoginUseCase } from './application/admin-login.use-case';
import { AdminRepository } from './application/admin.repository.port';
import { AuditSubjects } from './application/audit-subjects.port';
import { ListAuditLogUseCase } from './application/list-audit-log.use-case';
import { RequestEmailChangeUseCase } from './application/request-email-change.use-case';
import { RequestPasswordResetUseCase } from './application/request-password-reset.use-case';
import { ResetPasswordUseCase } from './application/reset-password.use-case';
import { StopEmailChangeUseCase } from './application/stop-email-change.use-case';
import { UpdatePasswordUseCase } from './application/update-password.use-case';
import { VerifyEmailChangeUseCase } from './application/verify-email-change.use-case';
import { AdminAuthController } from './adapters/http/admin-auth.controller';
import { AuditLogController } from './adapters/http/audit-log.controller';
import { AdminCodeOrmEntity } from './adapters/persistence/admin-code.orm-entity';
import { TypeOrmAdminCodeRepository } from './adapters/persistence/admin-code.repository';
import { AdminOrmEntity } from './adapters/persistence/admin.orm-entity';
import { TypeOrmAdminRepository } from './adapters/persistence/admin.repository';
import { AdminSeeder } from './adapters/persistence/admin.seeder';
import { AdminSessionSource } from './adapters/persistence/admin-session.source';
import { SqlAuditSubjects } from './adapters/persistence/audit-subjects.query';

/**
 * Admin accounts: the table, the first account (seeded from configuration), the source of admin
 * token versions for the guard, admin login, password reset by mailed code, the Settings page's
 * e-mail and password change, and the audit log's list (the log itself is platform/audit).
 */
@Module({
  imports: [TypeOrmModule.forFeature([AdminOrmEntity, AdminCodeOrmEntity])],
  controllers: [AdminAuthController, AuditLogController],
  providers: [
    AdminSeeder,
    AdminSessionSource,
    { provide: AdminRepository, useClass: TypeOrmAdminRepository },
    { provide: AdminCodeRepository, useClass: TypeOrmAdminCodeRepository },
    { provide: AuditSubjects, useClass: SqlAuditSubjects },
    { provide: PasswordHasher, useValue: new PasswordHasher() },
    AdminCodes,
    AdminLoginUseCase,
    RequestPasswordResetUseCase,
    ResetPasswordUseCase,
    RequestEmailChangeUseCase,
    VerifyEmailChangeUseCase,
    StopEmailChangeUseCase,
    UpdatePasswordUseCase,
    ListAuditLogUseCase,
  ],
})
export class AdminModule {}
