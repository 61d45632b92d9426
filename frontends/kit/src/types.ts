/** Shapes shared by every frontend. Field names follow docs/product.md#data-shapes and docs/product.md#api. */

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
}

export interface PricingTier {
  pricingId?: string;
  name: string;
  /** Decimal string in the plan's currency, e.g. "19.99". */
  price: string;
  description: string;
  features: string[];
  isPopular: boolean;
  /**
   * Days of refill guarantee from completion, from the tier's provider mapping (0 or absent: none;
   * docs/refill.md).
   */
  refillDays?: number;
}

export type PlanStatus = 'Active' | 'Inactive' | 'Pending';

export interface Plan {
  planId: string;
  name: string;
  slug?: string;
  status: PlanStatus;
  currency?: string;
  pricing: PricingTier[];
}

/** 0 In Process, 1 Completed (docs/product.md#data-shapes). */
export type SubscriptionStatus = 0 | 1 | number;

export interface Subscription {
  _id: string;
  subscriptionId: string;
  planName: string;
  profileLink: string;
  orderId: string;
  paymentId: string;
  createdAt: string;
  Status: SubscriptionStatus;
  /** The tier as bought; `currency` is the order's (e.g. 'USD'). */
  pricing: PricingTier & { currency?: string };
  user?: string | { userId: string; name?: string; email?: string };
  /** Where the order's refund stands; null when it has no refund and no request (docs/refunds.md). */
  refund?: SubscriptionRefund | null;
  /** The order's refill guarantee and its latest refill; null when the order carries none (docs/refill.md). */
  refill?: SubscriptionRefill | null;
}

/**
 * The `refill` of a subscription body (docs/refill.md). Times are ISO text; `message` is a plain
 * sentence for the customer (why a refill cannot be asked now, or why the provider refused it).
 */
export interface SubscriptionRefill {
  state: 'available' | 'requested' | 'in_progress' | 'completed' | 'rejected';
  /** The guarantee's length in days, as the tier had it when bought. */
  days: number;
  requestedAt: string | null;
  settledAt: string | null;
  /** When the guarantee ends; null while the order is not completed. */
  until: string | null;
  canRequest: boolean;
  /** The earliest moment another request is taken (one a day). */
  nextRequestAt: string | null;
  message: string | null;
}

/**
 * The `refund` of a subscription body (docs/refunds.md "What the APIs say"). Amounts are decimal
 * text in `currency`, the order's.
 */
export interface SubscriptionRefund {
  /** `pending` while any refund is on its way, else `processed` if any was, else `failed`. */
  state: 'pending' | 'processed' | 'failed' | null;
  /** Sent back or on its way (pending + processed). */
  requested: string;
  /** Processed. */
  refunded: string;
  currency: string;
  /** When the last refund was processed. */
  refundedAt: string | null;
  requestState: 'open' | 'approved' | 'declined' | null;
  /** Staff's message when a request was declined. */
  message: string | null;
}

/** Paging of customer lists and the users list. */
export interface PageMeta {
  total: number;
  page: number;
  perPage?: number;
  lastPage: number;
}

/** The answer of an action that reports in words (a confirmation the page shows as it is). */
export interface MessageAnswer {
  message?: string;
}

/** The answer of an admin's change to their own account: the words and the session that replaces the old one. */
export interface MessageAndTokenAnswer extends MessageAnswer {
  token?: string;
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

/** A list answered whole: its rows under `data`, read as possibly missing. */
export interface ListAnswer<T> {
  data?: T[];
}

/** One page of a customer list or of the users list: its rows and their `meta`, each read as possibly missing. */
export interface MetaPagedAnswer<T> extends ListAnswer<T> {
  meta?: Partial<PageMeta>;
}

/** Paging of the admin lists (tasks, orders, refunds, audit log), as backend/src/platform/http/admin-paging.ts builds it. */
export interface Paging {
  total: number;
  page: number;
  limit: number;
  /** At least 1, also for an empty list. */
  pages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** One page of an admin list: its rows and their paging, each read as possibly missing. */
export interface PagedAnswer<T> extends ListAnswer<T> {
  paging?: Partial<Paging>;
}

/**
 * The answer of an action on one subscription (refund request, refill, a status or fulfilment step):
 * the subscription as it now stands, as the list that shows it types its rows, and the server's
 * words when it refused or did part of it.
 */
export interface SubscriptionAnswer<T> {
  subscription?: T | null;
  message?: unknown;
}

/** The session profile (docs/product.md#data-shapes "User session profile"). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  countryId: string;
  callingId: string;
  gender: number | '';
  createdAt: string;
}

/** The API envelope (docs/product.md#api). */
export type ApiSuccess<T extends object = Record<string, unknown>> = { success: true } & T;
export interface ApiFailure {
  success: false;
  message?: string | string[];
  error?: string;
}

/** A country of GET /country/getall (docs/product.md#data-shapes). `flag` is an emoji or an image URL. */
export interface Country {
  _id: string;
  flag: string;
  countryName: string;
  countryCode: string;
  callingCode: string;
}
