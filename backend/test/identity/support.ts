import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Clock } from '../../src/platform/time/clock';
import { GoogleCertificates } from '../../src/modules/identity/adapters/google/google-certificates';

/** A clock the spec moves by hand. */
export class FakeClock extends Clock {
  private time = Date.now();
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** Google's certificate endpoint, played by a local RSA key. */
export class FakeGoogleCertificates extends GoogleCertificates {
  readonly kid = 'test-key-1';
  readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly publicPem = this.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  async pemFor(kid: string): Promise<string | null> {
    return kid === this.kid ? this.publicPem : null;
  }
}

const b64 = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** A JWT signed as told: RS256 with a private key, HS256 with a secret, or `none`. */
export function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key?: { rsa?: import('node:crypto').KeyObject; hmac?: string }): string {
  const input = `${b64(header)}.${b64(payload)}`;
  if (header.alg === 'RS256' && key?.rsa) return `${input}.${b64(createSign('RSA-SHA256').update(input).sign(key.rsa))}`;
  if (header.alg === 'HS256' && key?.hmac !== undefined) return `${input}.${b64(createHmac('sha256', key.hmac).update(input).digest())}`;
  return `${input}.`;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .flatMap((name) => {
        try {
          return [JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMail];
        } catch {
          return []; // still being written: read it on the next poll
        }
      });
  } catch {
    return [];
  }
}

/** Waits for the `count`-th mail to `to` in the outbox (the queue delivers it in the background). */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 10_000): Promise<OutboxMail> {
  const started = Date.now();
  for (;;) {
    const mails = readOutbox(dataDir).filter((mail) => mail.to === to);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() - started > timeoutMs) throw new Error(`Mail #${count} to ${to} did not arrive within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function codeIn(mail: OutboxMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}
