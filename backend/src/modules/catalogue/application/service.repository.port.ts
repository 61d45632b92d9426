import type { CatalogueQuery } from '../domain/catalogue-page';
import type { Service } from '../domain/service';
import type { ServiceForm } from '../domain/service-form';
import type { OnSaleFilter } from './pricing-addresses';

/** Where services and their content items are kept. Writes join the caller's UnitOfWork transaction. */
export abstract class ServiceRepository {
  /**
   * One page of the catalogue: services whose heading or description contains `query.search`
   * (case-insensitive), and that are on sale by `onSale` when that is given, ordered by creation
   * time, then heading, each with its content items in position order. `total` counts every match,
   * not just this page.
   */
  abstract pageForCatalogue(query: CatalogueQuery, onSale?: OnSaleFilter): Promise<{ items: Service[]; total: number }>;

  /**
   * The service at an address: the one whose slug it is now, else the one that had it before a
   * rename (its current slug then differs from `slug`). Null when no service ever had it.
   */
  abstract findByAddress(slug: string): Promise<{ serviceId: string; slug: string; planId: string | null; serviceHeading: string; logo: string | null } | null>;

  /** The service with this id and its content items in position order, or null (also for a malformed id). */
  abstract findById(serviceId: string): Promise<Service | null>;

  /**
   * Like findById, and locks the service's row until the transaction ends, so two edits of one
   * service (e.g. two content deletions) run one after the other. Call inside UnitOfWork.run.
   */
  abstract findForChange(serviceId: string): Promise<Service | null>;

  /**
   * Stores a new service with its content items in the form's order, at the address of its heading
   * (an old address of another service passes to it), selling by the plan `planId`. A taken heading
   * or address is a conflict.
   */
  abstract create(form: ServiceForm, logo: string | null, planId: string | null): Promise<Service>;

  /**
   * Replaces the service's heading, description, logo (when `logo` is given) and content list: items
   * with a contentId are updated, items without one are created, items not in the form are removed;
   * positions follow the form's order. A contentId the service does not have is not_found; a taken
   * heading or address is a conflict. A new heading moves the service to its new address and keeps
   * the old one as a former address; `planId` becomes the plan that sells it. Returns null when there
   * is no such service.
   */
  abstract saveChanges(serviceId: string, form: ServiceForm, planId: string | null, logo?: string): Promise<Service | null>;

  /** Deletes the service and its content items; false when there was none. */
  abstract delete(serviceId: string): Promise<boolean>;

  /** Deletes one content item of the service; false when the service has no such item. */
  abstract deleteContentItem(serviceId: string, contentId: string): Promise<boolean>;
}
