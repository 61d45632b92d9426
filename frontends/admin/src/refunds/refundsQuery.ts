import { oneOf, positiveInt, searchText, type AddressPatch } from '../address/useAddressQuery';
import { REFUND_STATE_FILTERS, type RefundStateFilter } from './refundTypes';

/** Rows a page of the Refunds list, as the audit log's. */
export const REFUNDS_PAGE_SIZE = 20;

/** The Refunds list as the address holds it: ?page=2&state=failed&q=ann. */
export interface RefundsQuery {
  page: number;
  state: RefundStateFilter;
  q: string;
}

export const DEFAULT_REFUNDS_QUERY: RefundsQuery = { page: 1, state: 'all', q: '' };

/** Reads the address; unknown or garbled values fall back to the defaults. */
export function refundsQueryOf(params: URLSearchParams): RefundsQuery {
  return {
    page: positiveInt(params.get('page')),
    state: oneOf(params.get('state'), REFUND_STATE_FILTERS, DEFAULT_REFUNDS_QUERY.state),
    q: searchText(params.get('q')),
  };
}

/** The address of a change: defaults are left out (/admin/refunds is the default list). */
export function refundsAddressPatch(query: Partial<RefundsQuery>): AddressPatch {
  const patch: AddressPatch = {};
  for (const [key, value] of Object.entries(query) as [keyof RefundsQuery, RefundsQuery[keyof RefundsQuery]][]) {
    patch[key] = value === DEFAULT_REFUNDS_QUERY[key] ? null : value;
  }
  return patch;
}

/** POST /admin/refunds/list {page, limit, state?, q?} (docs/refunds.md "What the APIs say"). */
export function refundsRequestBody(query: RefundsQuery) {
  return {
    page: query.page,
    limit: REFUNDS_PAGE_SIZE,
    ...(query.state === 'all' ? {} : { state: query.state }),
    ...(query.q ? { q: query.q } : {}),
  };
}
