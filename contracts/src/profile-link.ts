/** The longest profile link taken (the checkout field and the server alike). */
export const MAX_PROFILE_LINK_LENGTH = 2048;

/**
 * The profile link of an order, read for the platform of the plan bought (docs/catalogue.md,
 * "Profile links"). The one platform host table: the storefront's checkout field runs it (through
 * @growth/kit) and the server runs it again where the order is created (billing's create-order).
 *
 * - trimmed; empty is 'Profile link is required';
 * - a scheme-less address (`instagram.com/asha.bakes`) is completed to `https://`;
 * - an `@handle` becomes the platform's profile URL (`@asha.bakes` on Instagram is
 *   `https://www.instagram.com/asha.bakes`);
 * - the host must be one of the platform's (a subdomain counts: `m.youtube.com`), else the link is
 *   refused with a message naming the platform expected (and the one given, when it is one we know);
 * - anything that is not an http(s) URL with a dotted host is 'Please enter a valid URL'.
 * A platform outside the table (a plan an admin added for another network) takes any host.
 */
export interface PlatformLinkRule {
  /** The platform's name as customers read it. */
  name: string;
  /** Hosts of the platform's profile pages; subdomains of each are accepted too. */
  hosts: readonly string[];
  /** The profile URL of a handle (without its `@`). */
  profileOf(handle: string): string;
}

export const PLATFORM_LINK_RULES: Readonly<Record<string, PlatformLinkRule>> = {
  youtube: { name: 'YouTube', hosts: ['youtube.com', 'youtu.be'], profileOf: (h) => `https://www.youtube.com/@${h}` },
  instagram: { name: 'Instagram', hosts: ['instagram.com', 'instagr.am'], profileOf: (h) => `https://www.instagram.com/${h}` },
  x: { name: 'X', hosts: ['x.com', 'twitter.com'], profileOf: (h) => `https://x.com/${h}` },
  threads: { name: 'Threads', hosts: ['threads.net', 'threads.com'], profileOf: (h) => `https://www.threads.net/@${h}` },
  telegram: { name: 'Telegram', hosts: ['t.me', 'telegram.me'], profileOf: (h) => `https://t.me/${h}` },
  linkedin: { name: 'LinkedIn', hosts: ['linkedin.com'], profileOf: (h) => `https://www.linkedin.com/in/${h}` },
  tiktok: { name: 'TikTok', hosts: ['tiktok.com'], profileOf: (h) => `https://www.tiktok.com/@${h}` },
  facebook: { name: 'Facebook', hosts: ['facebook.com', 'fb.com', 'fb.me'], profileOf: (h) => `https://www.facebook.com/${h}` },
};

export type PlatformLinkCheck = { ok: true; link: string } | { ok: false; message: string };

const REQUIRED = 'Profile link is required';
const INVALID = 'Please enter a valid URL';
const HANDLE = /^@([A-Za-z0-9._-]{1,100})$/;
/** A scheme such as `javascript:` or `mailto:` (no dot before the colon, unlike `instagram.com:443`). */
const OTHER_SCHEME = /^[a-z][a-z0-9+-]*:/i;

const hostMatches = (hostname: string, host: string) => hostname === host || hostname.endsWith(`.${host}`);

/** The known platform a host belongs to, or undefined. */
export function platformOfHost(hostname: string): PlatformLinkRule | undefined {
  const host = hostname.toLowerCase();
  return Object.values(PLATFORM_LINK_RULES).find((rule) => rule.hosts.some((h) => hostMatches(host, h)));
}

/** `raw` read as a profile link of the platform `platformSlug` (a plan's slug; see above). */
export function checkPlatformProfileLink(raw: unknown, platformSlug: string | null): PlatformLinkCheck {
  if (raw === undefined || raw === null) return { ok: false, message: REQUIRED };
  if (typeof raw !== 'string') return { ok: false, message: INVALID };
  const value = raw.trim();
  if (!value) return { ok: false, message: REQUIRED };
  if (value.length > MAX_PROFILE_LINK_LENGTH || /[\u0000-\u001f\u007f\s]/.test(value)) return { ok: false, message: INVALID };
  const rule = platformSlug ? PLATFORM_LINK_RULES[platformSlug.toLowerCase()] : undefined;

  const handle = HANDLE.exec(value);
  if (handle) {
    return rule ? { ok: true, link: rule.profileOf(handle[1]) } : { ok: false, message: INVALID };
  }

  let text = value;
  if (!/^https?:\/\//i.test(text)) {
    if (text.includes('://') || OTHER_SCHEME.test(text) || text.startsWith('/')) return { ok: false, message: INVALID };
    text = `https://${text}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: INVALID };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.') || url.hostname.endsWith('.')) {
    return { ok: false, message: INVALID };
  }
  if (rule && !rule.hosts.some((host) => hostMatches(url.hostname.toLowerCase(), host))) {
    return { ok: false, message: wrongPlatformMessage(rule, platformOfHost(url.hostname)) };
  }
  return { ok: true, link: text };
}

/**
 * What is wrong with `raw` whatever the platform (null: nothing yet): lets an order refuse a link
 * that can be no profile before it looks its plan up. An @handle passes (its platform decides).
 */
export function profileLinkFormError(raw: unknown): string | null {
  if (typeof raw === 'string' && HANDLE.test(raw.trim())) return null;
  const check = checkPlatformProfileLink(raw, null);
  return check.ok ? null : check.message;
}

function wrongPlatformMessage(expected: PlatformLinkRule, given: PlatformLinkRule | undefined): string {
  const example = `${expected.hosts[0]}/…`;
  return given
    ? `This link is for ${given.name}. Please enter your ${expected.name} profile link (${example}).`
    : `Please enter your ${expected.name} profile link (${example}).`;
}

/** The example the link field shows for a platform (its placeholder). */
export function profileLinkPlaceholder(platformSlug: string | null): string {
  const rule = platformSlug ? PLATFORM_LINK_RULES[platformSlug.toLowerCase()] : undefined;
  return rule ? rule.profileOf('yourname') : 'https://…';
}
