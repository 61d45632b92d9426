/** The payment profile link (docs/product.md#validation): trimmed, required, a parseable URL with an http(s) protocol and a host. */
export type ProfileLinkCheck = { ok: true; link: string } | { ok: false; message: 'Profile link is required' | 'Please enter a valid URL' };

export const MAX_PROFILE_LINK_LENGTH = 2048;

export function checkProfileLink(raw: unknown): ProfileLinkCheck {
  const link = typeof raw === 'string' ? raw.trim() : '';
  if (!link) return { ok: false, message: 'Profile link is required' };
  // Control characters (a NUL byte among them, which PostgreSQL's text refuses) are never part of a link.
  if (link.length > MAX_PROFILE_LINK_LENGTH || /[\u0000-\u001f\u007f]/.test(link)) return { ok: false, message: 'Please enter a valid URL' };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, message: 'Please enter a valid URL' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return { ok: false, message: 'Please enter a valid URL' };
  return { ok: true, link };
}
