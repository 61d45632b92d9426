/**
 * A service of the catalogue: one social platform's growth offer as shown on the catalogue page.
 * Plain data; the catalogue is CRUD, so there are no behaviours to guard here.
 */
export interface ServiceContentItem {
  contentId: string;
  key: string;
  value: string;
  position: number;
}

export interface Service {
  serviceId: string;
  serviceHeading: string;
  /** The service's address, /services/{slug}: slug(heading) when the service was saved (see addressOf). */
  slug: string;
  /**
   * The plan that sells the service, by id (docs/catalogue.md, "Listing rule"); null while none is
   * named, and then the plan found at its address stands in (the next save names it).
   */
  planId: string | null;
  serviceDescription: string;
  /** Base64 text of a PNG or JPEG image (or a data URL), null when the service has no logo. */
  logo: string | null;
  content: ServiceContentItem[];
  createdAt: Date;
  updatedAt: Date;
}

/** slug(heading): lower case, runs of non-alphanumerics become '-', no leading or trailing '-'. */
export function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The address segment of a service headed `heading`: slug(heading), or `service-<start of its id>`
 * for a heading with no letter or digit of a-z, 0-9 (docs/catalogue.md, "Addresses").
 */
export function addressOf(heading: string, serviceId: string): string {
  return slugOf(heading) || `service-${serviceId.slice(0, 8)}`;
}
