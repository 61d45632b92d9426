import { useCallback, useMemo } from 'react';
import type { AuditAnswer } from '@growth/kit';
import { pageCount } from '@growth/kit/ui';
import { oneOf, positiveInt, useAddressQuery } from '../address/useAddressQuery';
import { useAdminPost, type Loadable } from '../data/useAdminPost';
import { usePagedLoadable } from '../data/usePagedLoadable';
import { isDate } from '../overview/period';
import { AUDIT_KIND_OPTIONS } from './auditSentence';

export const AUDIT_PAGE_SIZE = 20;

export type AuditKind = (typeof AUDIT_KIND_OPTIONS)[number]['value'] | 'all';

/** The log's filters as the address holds them: ?actor=<admin id>&kind=plan&from=2026-01-01&to=2026-01-31. */
export interface AuditFilters {
  actor: string;
  kind: AuditKind;
  /** Local calendar dates, both included; '' when open. */
  from: string;
  to: string;
}

export interface AuditLogPage {
  state: Loadable<AuditAnswer>;
  page: number;
  pages: number | null;
  filters: AuditFilters;
  goTo(page: number): void;
  /** Other filters: back to page 1. */
  refine(change: Partial<AuditFilters>): void;
  retry(): void;
}

const KINDS: readonly AuditKind[] = ['all', ...AUDIT_KIND_OPTIONS.map((option) => option.value)];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A local date's midnight as an instant; `nextDay` for the end of a period that includes that day. */
function localMidnight(date: string, nextDay = false): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

/** The request: page and limit, and the filters the address holds (dates as the instants of the browser's local days). */
export function auditRequestBody(page: number, filters: AuditFilters) {
  return {
    page,
    limit: AUDIT_PAGE_SIZE,
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.kind !== 'all' ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: localMidnight(filters.from) } : {}),
    ...(filters.to ? { to: localMidnight(filters.to, true) } : {}),
  };
}

/** The audit log, newest first: POST /admin/audit {page, limit, actor?, kind?, from?, to?}; page and filters live in the address. */
export function useAuditLog(): AuditLogPage {
  const { params, update } = useAddressQuery();
  const page = positiveInt(params.get('page'));
  const actor = params.get('actor') ?? '';
  const kind = params.get('kind');
  const from = params.get('from');
  const to = params.get('to');
  const filters = useMemo<AuditFilters>(() => {
    const fromDate = isDate(from) ? from : '';
    const toDate = isDate(to) && (!fromDate || to >= fromDate) ? to : '';
    return { actor: UUID.test(actor) ? actor : '', kind: oneOf(kind, KINDS, 'all'), from: fromDate, to: toDate };
  }, [actor, kind, from, to]);
  const { state, retry } = useAdminPost<AuditAnswer>('/admin/audit', auditRequestBody(page, filters));
  const paged = usePagedLoadable(state, (answer) => pageCount(answer.paging?.pages, answer.paging?.total, AUDIT_PAGE_SIZE));

  return {
    ...paged,
    page,
    filters,
    refine: useCallback(
      (change: Partial<AuditFilters>) =>
        update({ ...Object.fromEntries(Object.entries(change).map(([key, value]) => [key, value === 'all' ? null : value])), page: null }),
      [update],
    ),
    retry,
  };
}
