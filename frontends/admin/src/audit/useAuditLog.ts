import { useCallback } from 'react';
import type { TaskPaging } from '@growth/kit';
import { positiveInt, useAddressQuery } from '../address/useAddressQuery';
import { usePageClamp } from '../address/usePageClamp';
import { useAdminPost, type Loadable } from '../data/useAdminPost';

export const AUDIT_PAGE_SIZE = 20;

/** One admin write as POST /admin/audit lists it. */
export interface AuditEntry {
  auditId: string;
  adminId?: string;
  adminEmail?: string | null;
  action: string;
  entity?: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  createdAt?: string;
}

export interface AuditAnswer {
  data?: AuditEntry[];
  paging?: Partial<TaskPaging>;
}

export interface AuditLogPage {
  state: Loadable<AuditAnswer>;
  page: number;
  pages: number | null;
  goTo(page: number): void;
  retry(): void;
}

/** The audit log, newest first: POST /admin/audit {page, limit}; the page lives in the address. */
export function useAuditLog(): AuditLogPage {
  const { params, update } = useAddressQuery();
  const page = positiveInt(params.get('page'));
  const { state, retry } = useAdminPost<AuditAnswer>('/admin/audit', { page, limit: AUDIT_PAGE_SIZE });
  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  const paging = answer?.paging;
  const pages =
    typeof paging?.pages === 'number'
      ? Math.max(1, paging.pages)
      : typeof paging?.total === 'number'
        ? Math.max(1, Math.ceil(paging.total / AUDIT_PAGE_SIZE))
        : null;

  const goTo = useCallback((target: number, replace = false) => update({ page: target > 1 ? target : null }, { replace }), [update]);
  const overshoot = usePageClamp(page, state.status === 'loaded' ? pages : null, goTo);

  return {
    state: overshoot ? { status: 'loading', previous: answer } : state,
    page,
    pages,
    goTo: useCallback((target: number) => goTo(target), [goTo]),
    retry,
  };
}
