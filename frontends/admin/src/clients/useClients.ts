import type { MetaPagedAnswer } from '@growth/kit';
import { pageCount } from '@growth/kit/ui';
import { useSearchPage, type SearchPage } from '../lists/useSearchPage';

/** Admin users page size (docs/product.md#limits). */
export const CLIENTS_PAGE_SIZE = 10;

/** One row of POST /user/getAll (docs/product.md#data-shapes "User (profile view)"). */
export interface Client {
  userId: string;
  name: string;
  email: string;
  phone?: string;
  country?: string;
  createdAt?: string;
  subscriptions?: { total?: number; active?: number; completed?: number };
}

/** Users list paging (docs/product.md#data-shapes): total, page, lastPage in `meta`. */
export type ClientsAnswer = MetaPagedAnswer<Client>;

const lastPageOf = (answer: ClientsAnswer) => pageCount(answer.meta?.lastPage, answer.meta?.total, CLIENTS_PAGE_SIZE);

/** The clients list (docs/product.md#screens-and-routes, docs/product.md#api): POST /user/getAll {page, limit: 10, search}; page and q in the address. */
export function useClients(): SearchPage<ClientsAnswer> {
  return useSearchPage<ClientsAnswer>('/user/getAll', CLIENTS_PAGE_SIZE, lastPageOf);
}
