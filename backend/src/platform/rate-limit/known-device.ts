import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed "known device" cookie: set by a successful sign-in (or a completed password reset),
 * it names the account it was earned for and when. A right password sent with it goes past the
 * account's wait for every client (docs/security.md, Sign-in), so strangers' failures never keep the
 * owner's own browser out. HttpOnly, SameSite=Strict, limited to the area's routes; nothing in it
 * but a time and a MAC (the address stays out of the browser's store).
 */
export const KNOWN_DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;

export type DeviceArea = 'customer' | 'admin';

export class KnownDevices {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the app's secret: a device cookie is never a session token.
    this.key = createHmac('sha256', secret).update('known-device cookie').digest();
  }

  static cookieName(area: DeviceArea): string {
    return `growth_device_${area}`;
  }

  /** The cookie's value for this account, issued now. */
  issue(area: DeviceArea, account: string, nowMs: number): string {
    const issued = Math.floor(nowMs / 1000);
    return `${issued}.${this.mac(area, account, issued)}`;
  }

  /** Whether `value` was issued for this account and is still young enough. */
  knows(area: DeviceArea, account: string, value: string | undefined, nowMs: number): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
    if (!match) return false;
    const issued = Number(match[1]);
    const age = nowMs / 1000 - issued;
    if (age < -60 || age > KNOWN_DEVICE_MAX_AGE_S) return false;
    const expected = Buffer.from(this.mac(area, account, issued));
    const given = Buffer.from(match[2]);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(area: DeviceArea, account: string, issued: number): string {
    return createHmac('sha256', this.key).update(`${area}\n${account}\n${issued}`).digest('base64url');
  }
}

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
