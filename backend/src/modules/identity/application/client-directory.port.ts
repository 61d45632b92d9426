/** A customer as the admin's clients list shows them (docs/product.md#data-shapes User: the profile fields staff see). */
export interface ClientSummary {
  userId: string;
  name: string;
  email: string;
  phone: string;
  /** The name of the customer's country, or null. */
  countryName: string | null;
  createdAt: Date;
}

export interface ClientListQuery {
  page: number;
  limit: number;
  /** Case-insensitive part of the name, e-mail address or phone number; undefined: everyone. */
  search?: string;
  /**
   * Previous/Next by keyset (docs/operations.md#keyset-paging): the customers right after (or
   * before) this one, newest first, instead of skipping `(page - 1) * limit` of them. `page` stays
   * the truth for the paging meta.
   */
  keyset?: { direction: 'after' | 'before'; key: ClientKey };
}

/** A customer's place in the list: the creation time in whole microseconds since 1970 (text) and the id that breaks ties. */
export interface ClientKey {
  createdAtMicros: string;
  userId: string;
}

export interface ClientDirectoryPage {
  items: ClientSummary[];
  /** Exact, or the database's estimate when `totalIsExact` is false. */
  total: number;
  totalIsExact: boolean;
  /** Exact: one row more than the page is read. */
  hasNext: boolean;
  /** The last customer's key when there is a next page, else null. */
  next: ClientKey | null;
  /** The first customer's key when there is a previous page, else null. */
  prev: ClientKey | null;
}

/**
 * The customers, paged for staff, newest first. `total` is exact without a search; with one, exact
 * up to 1,000 matches and the database's estimate above (`totalIsExact` says which).
 */
export abstract class ClientDirectory {
  abstract page(query: ClientListQuery): Promise<ClientDirectoryPage>;
}
