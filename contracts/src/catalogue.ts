/** The catalogue's bodies: services, their addresses and the stored documents (docs/catalogue.md). */

export interface ServiceContentItem {
  contentId: string;
  key: string;
  value: string;
}

export interface Service {
  serviceId: string;
  serviceHeading: string;
  serviceDescription: string;
  /** Base64 text or a data URL; see `logoSrc`. */
  logo?: string | null;
  serviceContent: ServiceContentItem[];
  /**
   * GET /services/getAll only: the lowest price of the tiers of the plan that sells it, in that
   * plan's currency (decimal text), for "from $14.99" on the catalogue's and home's cards; null when
   * the list does not know one.
   */
  fromPrice?: { price: string; currency: string } | null;
}

/**
 * What keeps a service out of the public catalogue (docs/catalogue.md, "Listing rule"): no plan
 * sells it; its plan is not Active (Inactive or Pending); its plan is Active but has no pricing tier.
 */
export type NotListedReason = 'no_plan' | 'plan_not_active' | 'no_tier';

/** Whether the public catalogue lists a service, what is missing when not, and the plan that sells it. */
export interface ServiceListing {
  listed: boolean;
  reason: NotListedReason | null;
  /** What is missing, in the admin's words ('Not listed: its plan has no pricing tier.'); null while listed. */
  message: string | null;
  /** The plan that sells the service (listed, plan_not_active, no_tier); null for no_plan. */
  planId: string | null;
}

/**
 * A service as the admin's list has it (POST /services/listForAdmin), and as POST /services/create
 * answers it: with its address and listing.
 */
export type AdminService = Service & { slug?: string; listing?: ServiceListing };

/** GET /services/address/{slug}: where an address leads, and the service there (docs/catalogue.md, "Addresses"). */
export interface ServiceAddressAnswer {
  slug?: string;
  moved?: boolean;
  service?: { serviceHeading?: string; logo?: string | null } | null;
  /** On a page whose plan is read at another address (a renamed service's): where (GET /api/plans/{planSlug}). */
  planSlug?: string;
}

/** A question of the FAQ with its answer. */
export interface DocumentFaq {
  question: string;
  answer: string;
}

export interface DocumentSection {
  /** Anchor of the section on its page: slug of the heading. */
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
  faqs?: DocumentFaq[];
}

/** A stored document (FAQ and policies) as GET /api/documents/:slug answers it in `document` (backend catalogue domain: StoredDocument). */
export interface StoredDocument {
  slug: string;
  title: string;
  /** 'YYYY-MM-DD' */
  lastUpdated: string;
  sections: DocumentSection[];
}

/** GET /api/documents/:slug. */
export interface DocumentAnswer {
  document: StoredDocument;
}
