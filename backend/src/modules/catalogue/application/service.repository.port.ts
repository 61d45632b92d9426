import type { CatalogueQuery } from '../domain/catalogue-page';
import type { Service } from '../domain/service';

/** Where services and their content items are kept. */
export abstract class ServiceRepository {
  /**
   * One page of the public catalogue: services whose heading or description contains
   * `query.search` (case-insensitive), ordered by creation time, then heading, each with its
   * content items in position order. `total` counts every match, not just this page.
   */
  abstract pageForCatalogue(query: CatalogueQuery): Promise<{ items: Service[]; total: number }>;
}
