import { AdminPageRequest } from '../../../../platform/http/admin-page.request';

/** POST /admin/audit: `page` and `limit` (10, 20, 50 or 100; 10 by default). */
export class AuditPageRequest extends AdminPageRequest {}
