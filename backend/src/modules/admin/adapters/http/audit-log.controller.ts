import type { ApiSuccess, AuditAnswer } from '@growth/contracts';
import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { jsonWithoutBidiControls } from '../../../../kernel/bidi-controls';
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
      '{ success: true, data: [{ auditId, adminId, adminEmail, action, entity, entityId, subject, before, after, createdAt }], paging: { total, page, limit, pages, hasNext, hasPrev } }, newest first; subject: { label, orderId?, userId?, customerEmail?, customerName?, planId? } or null',
  })
  async list(@Body() body: AuditPageRequest): Promise<ApiSuccess<AuditAnswer>> {
    const page = body.page ?? 1;
    const limit = body.limit ?? DEFAULT_ADMIN_PAGE_SIZE;
    const from = body.from ? new Date(body.from) : undefined;
    const to = body.to ? new Date(body.to) : undefined;
    // Strict ISO 8601 text may still name no instant (2026-02-30T00:00:00Z) or one far outside the log.
    for (const [field, at] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (at && (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 2100)) {
        throw new BadRequestException(`${field} must be a date and time such as 2026-01-31T18:30:00.000Z`);
      }
    }
    if (from && to && from >= to) throw new BadRequestException('to must be after from');
    const result = await this.listAuditLog.execute(page, limit, { actorId: body.actor, kind: body.kind, from, to });
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
        subject: entry.subject,
        // Values customers typed before bidi controls were removed at entry (docs/security.md#text-entered-by-customers).
        before: (jsonWithoutBidiControls(entry.before ?? null) as typeof entry.before) ?? null,
        after: (jsonWithoutBidiControls(entry.after ?? null) as typeof entry.after) ?? null,
        createdAt: entry.createdAt.toISOString(),
      })),
      paging: adminPaging(result.total, page, limit, page * limit < result.total),
    };
  }
}
