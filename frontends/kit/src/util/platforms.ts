/** The eight platforms sold (docs/product.md#what-the-shop-sells); `slug` is the pricing-page path segment. */
export const PLATFORMS = [
  { slug: 'youtube', name: 'YouTube' },
  { slug: 'instagram', name: 'Instagram' },
  { slug: 'x', name: 'X' },
  { slug: 'threads', name: 'Threads' },
  { slug: 'telegram', name: 'Telegram' },
  { slug: 'linkedin', name: 'LinkedIn' },
  { slug: 'tiktok', name: 'TikTok' },
  { slug: 'facebook', name: 'Facebook' },
] as const;

export type Platform = (typeof PLATFORMS)[number];
