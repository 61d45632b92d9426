import type { PlansAnswer } from '@growth/kit';
import { pageCount } from '@growth/kit/ui';
import { useSearchPage, type SearchPage } from '../lists/useSearchPage';
import { PLANS_PAGE_SIZE } from './planTypes';

const lastPageOf = (answer: PlansAnswer) => pageCount(answer.pages, answer.total, PLANS_PAGE_SIZE);

/** The plans list (docs/product.md#api): POST /plan/all {page, limit: 10, search}; page and q in the address. */
export function usePlans(): SearchPage<PlansAnswer> {
  return useSearchPage<PlansAnswer>('/plan/all', PLANS_PAGE_SIZE, lastPageOf);
}
