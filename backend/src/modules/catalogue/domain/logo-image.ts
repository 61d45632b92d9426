import { AppError } from '../../../platform/errors/app-error';

/**
 * A service logo uploaded by an admin (docs/product.md#catalogue: PNG, JPEG or WebP, at most 1 MiB, stored as the
 * spec's base64 text). The type is judged by the file's first bytes, never by the name or the
 * declared content type, which the uploader chooses freely.
 */
export const MAX_LOGO_BYTES = 1024 * 1024;

export type LogoType = 'png' | 'jpeg' | 'webp';

export const LOGO_TOO_LARGE = 'The logo must be at most 1 MiB.';
/** A logo over MAX_LOGO_BYTES, found here or by the upload's own limit (413). */
export const logoTooLarge = () => new AppError('too_large', LOGO_TOO_LARGE, 'logo_too_large');
export const LOGO_WRONG_TYPE = 'The logo must be a PNG, JPEG or WebP image.';
export const LOGO_EMPTY = 'The logo file is empty.';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46]; // 'RIFF'
const WEBP = [0x57, 0x45, 0x42, 0x50]; // 'WEBP'

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

/** The image type the bytes start with: PNG 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF, WebP 'RIFF'....'WEBP'. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}

/**
 * The stored text of an uploaded logo, or an AppError: empty (400), larger than 1 MiB (413), not a
 * PNG, JPEG or WebP (400). PNG and JPEG are stored as bare base64 like the seeded logos (the
 * storefront tells them apart by the JPEG signature '/9j/'); WebP as a data URL
 * `data:image/webp;base64,...`, which the storefront's logoSrc passes through as it is.
 */
export function storedLogoOf(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new AppError('invalid', LOGO_EMPTY, 'logo_empty');
  if (bytes.length > MAX_LOGO_BYTES) throw logoTooLarge();
  const type = sniffLogoType(bytes);
  if (!type) throw new AppError('invalid', LOGO_WRONG_TYPE, 'logo_wrong_type');
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return type === 'webp' ? `data:image/webp;base64,${base64}` : base64;
}
