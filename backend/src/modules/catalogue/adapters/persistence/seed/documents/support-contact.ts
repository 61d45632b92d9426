/**
 * The support contact values the stored documents quote. The Contact page's 'Get in Touch' block
 * shows the same values (kept in the storefront, docs/product.md#screens-and-routes "static values"): change both together.
 * `email` equals the default SUPPORT_EMAIL, where contact requests are mailed.
 */
export const SUPPORT_CONTACT = {
  brand: 'SocialGrowth',
  email: 'support@growth.local',
  phone: '+91 565 240 7788',
  address: '2nd Floor, Krishna Plaza, Dampier Nagar, Mathura, Uttar Pradesh 281001, India',
  liveChat: 'Mon-Fri 9am-6pm PST',
} as const;

/** The date every seeded document was last updated (docs/product.md#documents). */
export const SEED_LAST_UPDATED = '2025-09-02';

/** The contact lines that close each policy. */
export const CONTACT_ITEMS: string[] = [
  `E-mail: ${SUPPORT_CONTACT.email} (answered around the clock, usually within 24 hours)`,
  `Phone: ${SUPPORT_CONTACT.phone}`,
  `Live chat: ${SUPPORT_CONTACT.liveChat}`,
  `Post: ${SUPPORT_CONTACT.brand}, ${SUPPORT_CONTACT.address}`,
];
