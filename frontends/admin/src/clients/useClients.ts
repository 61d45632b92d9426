import type { ClientsAnswer } from '@growth/kit';
import { pageCount } from '@growth/kit/ui';
import { useSearchPage, type SearchPage } from '../lists/useSearchPage';

/** Admin users page size (docs/product.md#limits). */
export const CLIENTS_PAGE_SIZE = 10;

const lastPageOf = (answer: ClientsAnswer) => pageCount(answer.meta?.lastPage, answer.meta?.total, CLIENTS_PAGE_SIZE);

/** The clients list (docs/product.md#screens-and-routes, docs/product.md#api): POST /user/getAll {page, limit: 10, search}; page and q in the address. */
export function useClients(): SearchPage<ClientsAnswer> {
  return useSearchPage<ClientsAnswer>('/user/getAll', CLIENTS_PAGE_SIZE, lastPageOf);
}
