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
