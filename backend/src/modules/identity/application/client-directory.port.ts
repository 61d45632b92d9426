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
}

/**
 * The customers, paged for staff, newest first. `total` is exact without a search; with one, exact
 * up to 1,000 matches and the database's estimate above (`totalIsExact` says which).
 */
export abstract class ClientDirectory {
  abstract page(query: ClientListQuery): Promise<{ items: ClientSummary[]; total: number; totalIsExact: boolean }>;
}
