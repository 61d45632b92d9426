import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../../../platform/auth/auth.guard';
import { adminPaging, DEFAULT_ADMIN_PAGE_SIZE } from '../../../../platform/http/admin-paging';
import { ListAuditLogUseCase } from '../../application/list-audit-log.use-case';
import { AuditPageRequest } from './audit-log.requests';

/** The audit log page of the admin remote: who changed what, when. */
@ApiTags('admin')
@Controller('admin')
export class AuditLogController {
  constructor(private readonly listAuditLog: ListAuditLogUseCase) {}

  @Post('audit')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOkResponse({
    description:
      '{ success: true, data: [{ auditId, adminId, adminEmail, action, entity, entityId, before, after, createdAt }], paging: { total, page, limit, pages, hasNext, hasPrev } }, newest first',
  })
  async list(@Body() body: AuditPageRequest) {
    const page = body.page ?? 1;
    const limit = body.limit ?? DEFAULT_ADMIN_PAGE_SIZE;
    const result = await this.listAuditLog.execute(page, limit);
    return {
      success: true as const,
      // Explicit fields: a new column of the log never leaks by accident.
      data: result.entries.map((entry) => ({
        auditId: entry.auditId,
        adminId: entry.actorId,
        adminEmail: entry.adminEmail,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        createdAt: entry.createdAt.toISOString(),
      })),
      paging: adminPaging(result.total, page, limit, page * limit < result.total),
    };
  }
}
