/** Spec §5 Payment profile link: trimmed, required, a parseable URL with an http(s) protocol and a host. */
export type ProfileLinkCheck = { ok: true; link: string } | { ok: false; message: 'Profile link is required' | 'Please enter a valid URL' };

export const MAX_PROFILE_LINK_LENGTH = 2048;

export function checkProfileLink(raw: unknown): ProfileLinkCheck {
  const link = typeof raw === 'string' ? raw.trim() : '';
  if (!link) return { ok: false, message: 'Profile link is required' };
  if (link.length > MAX_PROFILE_LINK_LENGTH) return { ok: false, message: 'Please enter a valid URL' };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, message: 'Please enter a valid URL' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return { ok: false, message: 'Please enter a valid URL' };
  return { ok: true, link };
}
