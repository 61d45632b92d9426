/** The profile link of a purchase (docs/product.md#validation): trimmed, required, a parseable http(s) URL with a host. */
export type ProfileLinkCheck = { ok: true; value: string } | { ok: false; error: string };

export function checkProfileLink(raw: string): ProfileLinkCheck {
  const value = raw.trim();
  if (!value) return { ok: false, error: 'Profile link is required' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: 'Please enter a valid URL' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    return { ok: false, error: 'Please enter a valid URL' };
  }
  return { ok: true, value };
}
