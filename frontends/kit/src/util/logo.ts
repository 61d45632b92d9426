/** Base64 of a JPEG starts with '/9j/' (the bytes FF D8 FF). */
const JPEG_BASE64_SIGNATURE = '/9j/';

/**
 * An <img> src for a service logo stored as base64 text or a data URL (docs/product.md#data-shapes): data URLs pass
 * through, base64 becomes a JPEG data URL when it carries the JPEG signature, else PNG.
 * Null when there is no logo (show the default icon).
 */
export function logoSrc(logo: string | null | undefined): string | null {
  const value = logo?.trim();
  if (!value) return null;
  if (value.startsWith('data:')) return value;
  const mime = value.startsWith(JPEG_BASE64_SIGNATURE) ? 'image/jpeg' : 'image/png';
  return `data:${mime};base64,${value}`;
}
