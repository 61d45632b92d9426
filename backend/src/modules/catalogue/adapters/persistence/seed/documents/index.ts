import type { DocumentSeed } from './document-seed';
import { COOKIE_POLICY } from './cookie-policy.seed';
import { FAQS } from './faqs.seed';
import { PRIVACY_POLICY } from './privacy-policy.seed';
import { RETURNS_POLICY } from './returns-policy.seed';
import { SHIPPING_DELIVERY } from './shipping-delivery.seed';
import { TERMS_OF_USE } from './terms-of-use.seed';

export type { DocumentSeed };
export { SUPPORT_CONTACT, SEED_LAST_UPDATED } from './support-contact';

/** The documents of a first start, in the order of the admin area's Documents group (docs/product.md#documents). */
export const DOCUMENT_SEEDS: ReadonlyArray<DocumentSeed> = [FAQS, TERMS_OF_USE, SHIPPING_DELIVERY, PRIVACY_POLICY, RETURNS_POLICY, COOKIE_POLICY];
