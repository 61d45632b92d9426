import type { RefundsAnswer } from '@growth/kit';
import { useCallback } from 'react';
import { pageCount } from '@growth/kit/ui';
import { useAddressQuery } from '../address/useAddressQuery';
import { useAdminPost, type AdminPost } from '../data/useAdminPost';
import { usePagedLoadable } from '../data/usePagedLoadable';
import { REFUNDS_PAGE_SIZE, refundsAddressPatch, refundsQueryOf, refundsRequestBody, type RefundsQuery } from './refundsQuery';

export interface Refunds extends AdminPost<RefundsAnswer> {
  query: RefundsQuery;
  /** Pages as the server last said (kept while the next page loads); null before. */
  pages: number | null;
  goTo(page: number): void;
  /** Another state filter or search: back to page 1. */
  refine(change: Partial<Omit<RefundsQuery, 'page'>>): void;
}

/**
 * The Refunds list, newest first: POST /admin/refunds/list with the state filter and search of the
 * address, so reload, Back and a shared link show the same list; an address past the last page is
 * replaced by the last page.
 */
export function useRefunds(): Refunds {
  const { params, update } = useAddressQuery();
  const query = refundsQueryOf(params);
  const post = useAdminPost<RefundsAnswer>('/admin/refunds/list', refundsRequestBody(query));
  const paged = usePagedLoadable(post.state, (answer) => pageCount(answer.paging?.pages, answer.paging?.total, REFUNDS_PAGE_SIZE));

  return {
    ...post,
    ...paged,
    query,
    refine: useCallback((change: Partial<Omit<RefundsQuery, 'page'>>) => update({ ...refundsAddressPatch(change), page: null }), [update]),
  };
}
